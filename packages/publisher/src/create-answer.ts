import type { Page } from 'playwright-core';

/** What the submit step learns from the platform's create answer. */
export interface CreateAnswer {
  /** Resolves with the parsed body of an accepted create answer (never rejects). */
  accepted: Promise<unknown>;
  /** True once a create request may have reached the platform without an answer we could read. */
  uncertain(): boolean;
  /** Stops watching; every paused answer has been let through. */
  stop(): Promise<void>;
}

/**
 * Watches for the platform's answer to the create request (a POST whose URL matches `pattern`) and
 * reads its body before the page sees it, without holding the request: DevTools' Fetch domain pauses
 * fetch/XHR answers at the response stage only, after Chromium itself has sent the request, once. A
 * runner that dies meanwhile cannot make a second submit, and the page cannot navigate away (which
 * makes Chromium drop the body) before the body is read. Chromium only.
 */
export async function watchCreateAnswer(
  page: Page,
  pattern: RegExp,
  isAccepted: (status: number, body: unknown) => boolean,
): Promise<CreateAnswer> {
  const cdp = await page.context().newCDPSession(page);
  let uncertain = false;
  let accept: (body: unknown) => void = () => undefined;
  const accepted = new Promise<unknown>((resolve) => {
    accept = resolve;
  });

  /** Reads a paused answer when it is the create answer; the caller lets every answer through after. */
  const read = async (requestId: string, method: string, url: string, status?: number, error?: string) => {
    if (method !== 'POST' || !pattern.test(url)) {
      return;
    }
    if (error || status === undefined) {
      // Sent, but no answer came back: the page's error proves nothing, the works list will.
      uncertain = true;
      return;
    }
    try {
      const { body, base64Encoded } = await cdp.send('Fetch.getResponseBody', { requestId });
      const text = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (isAccepted(status, parsed)) {
        accept(parsed);
      }
    } catch {
      uncertain = true;
    }
  };
  cdp.on('Fetch.requestPaused', (event) => {
    const { requestId, request, responseStatusCode, responseErrorReason } = event;
    void read(requestId, request.method, request.url, responseStatusCode, responseErrorReason).finally(() =>
      // Let the answer through unchanged, whatever was read from it.
      cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined),
    );
  });
  await cdp.send('Fetch.enable', {
    patterns: [
      { urlPattern: '*', resourceType: 'Fetch', requestStage: 'Response' },
      { urlPattern: '*', resourceType: 'XHR', requestStage: 'Response' },
    ],
  });
  return {
    accepted,
    uncertain: () => uncertain,
    async stop() {
      await cdp.send('Fetch.disable').catch(() => undefined);
      await cdp.detach().catch(() => undefined);
    },
  };
}
