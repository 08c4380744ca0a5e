import { driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { TOUR_STEPS, SHELL_UI } from '@rushes/shared';

/**
 * The first-login product tour on driver.js, loaded only when it runs. Steps whose element
 * is not on the page (chat lives inside a project) show as a centred card. `onEnd` runs once, whether
 * the user finished it or dismissed it (close button, Escape, a click anywhere outside its card).
 *
 * The page under it stays usable: driver.js would make every element ignore the pointer while it
 * runs, so a click outside did nothing but close it. Here a click outside ends the tour and reaches
 * what it was aimed at. A panel or modal that opens meanwhile (a realtime welcome, say) ends it
 * quietly, for the next untouched visit of home.
 */
export function runTour(onEnd: () => void): () => void {
  let ended = false;
  const tour = driver({
    showProgress: true,
    progressText: SHELL_UI.tourProgress,
    nextBtnText: SHELL_UI.tourNext,
    prevBtnText: SHELL_UI.tourBack,
    doneBtnText: SHELL_UI.tourDone,
    allowClose: true,
    popoverClass: 'rushes-tour',
    steps: TOUR_STEPS.map((step) => {
      const element = document.querySelector(`[data-tour="${step.target}"]`);
      return {
        element: element ?? undefined,
        popover: { title: step.title, description: step.text },
      };
    }),
    // Every way out (Done, the close button, Escape) asks here first; the hook then closes it
    // (onDestroyed alone is skipped by driver.js after a step change).
    onDestroyStarted: () => {
      finish();
    },
  });
  const inTour = (target: EventTarget | null) =>
    target instanceof Element && target.closest('.driver-popover') !== null;
  const onPointerDown = (event: PointerEvent) => {
    if (!inTour(event.target)) finish();
  };
  const dialogs = new MutationObserver(() => {
    if (document.querySelector('[role="dialog"]:not(#driver-popover-content)')) quit();
  });
  function detach() {
    document.removeEventListener('pointerdown', onPointerDown, true);
    dialogs.disconnect();
    document.body.classList.remove('rushes-tour-running');
  }
  function finish() {
    if (!ended) {
      ended = true;
      onEnd();
    }
    quit();
  }
  function quit() {
    ended = true;
    detach();
    tour.destroy();
  }
  document.addEventListener('pointerdown', onPointerDown, true);
  dialogs.observe(document.body, { childList: true, subtree: true });
  document.body.classList.add('rushes-tour-running');
  tour.drive();
  // driver.js's body class only switches the page's pointer off (driver.css); its fade and
  // highlight hang on classes of their own
  document.body.classList.remove('driver-active');
  return quit;
}
