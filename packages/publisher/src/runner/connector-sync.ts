import type { ConnectorDefinitions } from '@vidmatrix/contract/connector-definition';
import type { PublisherOptions } from '../run-job.ts';
import { UnusableDefinitions, type RunnerClient } from './runner-client.ts';

/**
 * The connector definitions a runner drives the browser with: the operator's current ones from the
 * server (fetched at start and whenever a claim answer names another version), else the built-in ones.
 */
export class ConnectorSync {
  private version = 0;
  private definitions: ConnectorDefinitions | undefined;
  /** A version whose definitions do not fit this runner (it is older than the file): not fetched again. */
  private refused = -1;
  private fetching: Promise<void> | undefined;

  constructor(
    private readonly client: Pick<RunnerClient, 'connectors'>,
    private readonly log: (message: string, data?: Record<string, unknown>) => void,
  ) {}

  /** The operator's definitions version in use (0: the built-in ones). */
  get current(): number {
    return this.version;
  }

  /** The publisher options with the definitions in use. */
  options(base: PublisherOptions): PublisherOptions {
    return this.definitions ? { ...base, definitions: this.definitions } : base;
  }

  /** Fetches the current definitions (one fetch at a time); a failure keeps the ones in use. */
  refresh(): Promise<void> {
    this.fetching ??= this.client
      .connectors()
      .then(
        (answer) => {
          this.version = answer.version;
          this.definitions = answer.definitions ?? undefined;
          this.log('connector definitions in use', {
            version: answer.version,
            platforms: Object.keys(answer.definitions ?? {}),
          });
        },
        (err: unknown) => {
          this.log('connector definitions not taken', { err: String(err) });
          throw err;
        },
      )
      .finally(() => {
        this.fetching = undefined;
      });
    return this.fetching;
  }

  /** A claim answer named `version`: the definitions are fetched when it is not the one in use. */
  async seen(version: number): Promise<void> {
    if (version === this.version || version === this.refused) {
      return;
    }
    await this.refresh().catch((err: unknown) => {
      if (err instanceof UnusableDefinitions) {
        this.refused = version;
      }
    });
  }
}
