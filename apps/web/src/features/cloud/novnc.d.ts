/** The part of noVNC's RFB client (`@novnc/novnc`, no types of its own) the desktop page uses. */
declare module '@novnc/novnc' {
  export default class RFB extends EventTarget {
    constructor(
      target: HTMLElement,
      url: string,
      options?: { credentials?: { password?: string }; shared?: boolean },
    );
    scaleViewport: boolean;
    resizeSession: boolean;
    viewOnly: boolean;
    disconnect(): void;
  }
}
