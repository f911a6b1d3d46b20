/**
 * Every domain event of the server: name → payload, in this one place so the module that emits and the
 * modules that listen agree (issue 26, Immich's `@OnEvent` pattern). The owner of the fact emits; others
 * listen in compose.ts, so no service calls into another module to say what happened.
 */
export interface DomainEvents {
  /**
   * A material's stored object is no longer the library's: the member deleted the material, it expired,
   * or filing a produced video failed. The upload module deletes the object and its thumbnail and gives
   * the space back.
   */
  'material.released': { memberId: number; objectKey: string; size: number };
  /**
   * A clip task took up the member's materials (a step's media set to one, a render that used them): the
   * material module counts each use (use_count, once per material and event).
   */
  'material.used': { memberId: number; materialIds: readonly number[] };
  /**
   * A runner found an account logged out on its platform: a publish job's login check (publish) or a
   * harvest pass (harvest, which has already stopped the pass). The account module marks it expired
   * (cookie_auth_status 2, logged, the member told); publishing and harvesting stop their work on it.
   */
  'account.logged_out': { memberId: number; accountId: number; foundBy: LoggedOutFinder };
}

/** The module whose runner found an account logged out. */
export type LoggedOutFinder = 'publish' | 'harvest';

export type DomainEventName = keyof DomainEvents;

export type DomainListener<E extends DomainEventName> = (payload: DomainEvents[E]) => Promise<void> | void;

/** Where a listener's failure is told (compose passes the process's logger). */
export type ListenerErrorLog = (error: unknown, event: DomainEventName) => void;

/**
 * In-process delivery, awaited: `emit` runs the event's listeners one after another in the emitter's
 * call and resolves once all have finished, so what a listener changes is in place when the emitter's
 * request answers (as the direct call it replaces was). A listener that throws is logged and never
 * thrown into the emitter; the next listener still runs. Nothing is persisted or retried: like the
 * direct call it replaces, a crash between the emitter's write and its listeners leaves their work
 * undone, so work that must survive a crash belongs in a job.
 */
export class DomainEventBus {
  private readonly listeners = new Map<DomainEventName, DomainListener<never>[]>();

  constructor(private readonly onListenerError: ListenerErrorLog) {}

  /** Adds a listener of `event` (compose.ts registers them once, at start). */
  on<E extends DomainEventName>(event: E, listener: DomainListener<E>): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  /** Tells every listener of `event`, one after another; resolves when all have finished. Never rejects. */
  async emit<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    for (const listener of (this.listeners.get(event) ?? []) as DomainListener<E>[]) {
      try {
        await listener(payload);
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}

/** What an emitting service receives: it cannot add listeners. */
export type DomainEventEmitter = Pick<DomainEventBus, 'emit'>;
