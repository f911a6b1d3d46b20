import type { Db } from './db/types.ts';
import type { CaptchaGenerator } from './modules/auth/captcha.ts';

/** What services need from the outside world; routes pass `app.deps`, the CLI builds its own. */
export interface AppDeps {
  db: Db;
  /** Clock in epoch ms; tests move it to expire captchas and tokens without waiting. */
  now: () => number;
  /** Draws captcha images; tests replace it with one whose text they know. */
  captcha: CaptchaGenerator;
}
