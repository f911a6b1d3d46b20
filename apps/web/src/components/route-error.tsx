import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CoreMsg as Msg, fillMsg } from '@vidmatrix/contract/messages-core';
import { dropBootFrame } from '../lib/boot-frame.ts';
import styles from './route-error.module.css';

const CJK = /[\u4e00-\u9fff]/;

/** Describes whatever a route threw, for the browser console: a failed chunk import, a loader error or a response. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}

/**
 * What the member reads (SPEC §8's "Router {error}" in member words): the request layer's Chinese reason
 * (服务繁忙, 请求超时…) when the error carries one, else the network hint; never the browser's English.
 */
export function routeErrorText(error: unknown): string {
  const reason = error instanceof Error && CJK.test(error.message) ? error.message : Msg.networkError;
  return fillMsg(Msg.routerError, { error: reason });
}

/** The errorElement of the router: the reason in Chinese and 重新加载 (SPEC §2.2). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    dropBootFrame();
    console.error('Route failed:', describeRouteError(error));
  }, [error]);
  return (
    <div className={styles.wrap}>
      <p className={styles.message} role="alert">
        {routeErrorText(error)}
      </p>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}
