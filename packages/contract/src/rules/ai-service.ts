/**
 * True for a link the AI customer-service window can embed: https only, since the server's CSP
 * (`frame-src 'self' https:`) blocks any http frame, which would show an empty window.
 */
export function isEmbeddableAiLink(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}
