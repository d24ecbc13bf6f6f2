/** Navigation for code outside React components (API hooks, session actions); the router installs it. */
let navigator: (to: string) => void = (to) => window.location.assign(to);

export function installNavigator(next: (to: string) => void): void {
  navigator = next;
}

export function navigate(to: string): void {
  navigator(to);
}
