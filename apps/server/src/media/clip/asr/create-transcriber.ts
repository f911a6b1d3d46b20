import { SherpaTranscriber } from './sherpa-asr.ts';
import { OpenAiTranscriber, type Transcriber } from './transcriber.ts';

/**
 * The recogniser by environment: ASR_PROVIDER=openai (the default when ASR_BASE_URL is set: ASR_BASE_URL,
 * an OpenAI-compatible API root, ASR_API_KEY, ASR_MODEL, default whisper-1) or sherpa (SHERPA_ASR_MODEL_DIR,
 * an offline SenseVoice or Paraformer model directory, SHERPA_ASR_MODEL_TYPE when its name does not say);
 * none when neither is set.
 */
export function createTranscriber(env: NodeJS.ProcessEnv = process.env): Transcriber | null {
  const baseUrl = env.ASR_BASE_URL?.trim();
  const provider = env.ASR_PROVIDER?.trim() || (baseUrl ? 'openai' : '');
  switch (provider) {
    case '':
      return null;
    case 'openai':
      if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
        throw new Error('Invalid configuration: ASR_BASE_URL must be an http(s) URL');
      }
      return new OpenAiTranscriber({
        baseUrl,
        apiKey: env.ASR_API_KEY?.trim() ?? '',
        model: env.ASR_MODEL?.trim() || 'whisper-1',
      });
    case 'sherpa': {
      const dir = env.SHERPA_ASR_MODEL_DIR?.trim();
      if (!dir) {
        throw new Error('Invalid configuration: SHERPA_ASR_MODEL_DIR must be set when ASR_PROVIDER=sherpa');
      }
      const type = env.SHERPA_ASR_MODEL_TYPE?.trim() || null;
      if (type !== null && type !== 'sense_voice' && type !== 'paraformer') {
        throw new Error('Invalid configuration: SHERPA_ASR_MODEL_TYPE must be sense_voice or paraformer');
      }
      return new SherpaTranscriber(dir, type);
    }
    default:
      throw new Error('Invalid configuration: ASR_PROVIDER must be openai or sherpa');
  }
}
