/**
 * Removes index.html's boot frame (the console's layout and a page skeleton painted with the HTML):
 * called once the router's first page or its error page has been committed, so nothing blank shows between.
 */
export function dropBootFrame(): void {
  document.getElementById('boot-frame')?.remove();
}
