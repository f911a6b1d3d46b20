import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CoreMsg as Msg, fillMsg } from '@vidmatrix/contract/messages-core';
import styles from './route-error.module.css';

/** Describes whatever a route threw: a failed chunk import, a loader error or a response. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `${error.status} ${error.statusText}`;
  }
  if (error instanceof Error) {
    return error.message;
  }
  return String(error);
}

/** The errorElement of the router: `Router {error}` (SPEC §2.2). */
export function RouteError() {
  const error = useRouteError();
  return (
    <div className={styles.wrap}>
      <p className={styles.message} role="alert">
        {fillMsg(Msg.routerError, { error: describeRouteError(error) })}
      </p>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        重新加载
      </button>
    </div>
  );
}
