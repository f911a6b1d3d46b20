import { EspeakTts } from './espeak.ts';
import { SherpaTts } from './sherpa.ts';
import type { TtsProvider } from './tts-provider.ts';

/**
 * The voice by environment: TTS_PROVIDER=espeak (default, offline, robotic) or sherpa
 * (SHERPA_TTS_MODEL_DIR, SHERPA_TTS_SPEAKER). A cloud voice (Alibaba, Volcengine, Tencent, Azure)
 * is one more TtsProvider returning PCM WAV per sentence, configured here the same way.
 */
export function createTts(env: NodeJS.ProcessEnv = process.env): TtsProvider {
  if (env.TTS_PROVIDER === 'sherpa') {
    if (!env.SHERPA_TTS_MODEL_DIR) {
      throw new Error('TTS_PROVIDER=sherpa needs SHERPA_TTS_MODEL_DIR');
    }
    return new SherpaTts(env.SHERPA_TTS_MODEL_DIR, Number(env.SHERPA_TTS_SPEAKER ?? 0));
  }
  return new EspeakTts();
}
