import { AzureTts, azureTtsConfigOf } from './azure.ts';
import { EspeakTts } from './espeak.ts';
import { SherpaTts } from './sherpa.ts';
import type { TtsProvider } from './tts-provider.ts';

/**
 * The voice by environment, checked at start: TTS_PROVIDER=espeak (default, offline, robotic), sherpa
 * (SHERPA_TTS_MODEL_DIR, SHERPA_TTS_SPEAKER) or azure (AZURE_TTS_KEY, AZURE_TTS_REGION or
 * AZURE_TTS_ENDPOINT, AZURE_TTS_VOICE). Another cloud voice is one more TtsProvider returning PCM WAV
 * per sentence, configured here the same way.
 */
export function createTts(env: NodeJS.ProcessEnv = process.env): TtsProvider {
  const provider = env.TTS_PROVIDER?.trim() || 'espeak';
  switch (provider) {
    case 'espeak':
      return new EspeakTts();
    case 'sherpa':
      if (!env.SHERPA_TTS_MODEL_DIR?.trim()) {
        throw new Error('Invalid configuration: SHERPA_TTS_MODEL_DIR must be set when TTS_PROVIDER=sherpa');
      }
      return new SherpaTts(env.SHERPA_TTS_MODEL_DIR.trim(), Number(env.SHERPA_TTS_SPEAKER ?? 0));
    case 'azure':
      return new AzureTts(azureTtsConfigOf(env));
    default:
      throw new Error('Invalid configuration: TTS_PROVIDER must be espeak, sherpa or azure');
  }
}
