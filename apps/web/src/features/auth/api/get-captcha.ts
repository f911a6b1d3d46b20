import { useCallback, useEffect, useState } from 'react';
import { AuthApi } from '@vidmatrix/contract/api/auth-paths';
import type { CaptchaResult } from '@vidmatrix/contract/api/auth';
import { get } from '../../../lib/request.ts';

/** GET /api/member.Login/captcha: a fresh image captcha (SVG markup); the form shows a failure itself. */
export function getCaptcha(signal?: AbortSignal): Promise<CaptchaResult> {
  return get<CaptchaResult>(AuthApi.captcha, undefined, { signal, disableMessage: true });
}

/** A captcha image as a form shows it. */
export interface Captcha {
  /** The image drawn last (kept while the next one loads); undefined before the first. */
  data: CaptchaResult | undefined;
  /** Why the last draw failed, or null. */
  error: string | null;
  /** Draws a new image (each is good for one attempt). */
  refresh: () => void;
}

/**
 * A captcha while `enabled`, drawn on mount and on `refresh`. Component state, not TanStack Query: the
 * sign-in pages are public and their JS stays within 120 KB gzip (issue 12); an image is never reused.
 */
export function useCaptcha(enabled: boolean): Captcha {
  const [draw, setDraw] = useState(0);
  const [data, setData] = useState<CaptchaResult>();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    // A later draw (or unmounting) makes this one's answer void.
    const controller = new AbortController();
    getCaptcha(controller.signal).then(
      (captcha) => {
        setData(captcha);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) {
          setError(failure instanceof Error ? failure.message : String(failure));
        }
      },
    );
    return () => controller.abort();
  }, [enabled, draw]);
  const refresh = useCallback(() => setDraw((n) => n + 1), []);
  return { data: enabled ? data : undefined, error: enabled ? error : null, refresh };
}
