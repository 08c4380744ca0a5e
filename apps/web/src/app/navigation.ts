/**
 * Navigation for code outside React components (the API client's 401 handling, modals opened by
 * the modal manager). The router registers itself at start-up.
 */
let navigator: ((to: string) => void) | null = null;

export function setNavigator(navigate: (to: string) => void): void {
  navigator = navigate;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
