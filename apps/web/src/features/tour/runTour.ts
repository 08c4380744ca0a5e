import { driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import { TOUR_STEPS, SHELL_UI } from '@rushes/shared';

/**
 * The first-login product tour on driver.js, loaded only when it runs. Steps whose element
 * is not on the page (chat lives inside a project) show as a centred card. `onEnd` runs once, whether
 * the user finished it or dismissed it (close button, Escape, a click outside).
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
    // Every way out (Done, the close button, Escape, a click outside) asks here first; the hook then
    // closes it (onDestroyed alone is skipped by driver.js after a step change).
    onDestroyStarted: () => {
      if (!ended) {
        ended = true;
        onEnd();
      }
      tour.destroy();
    },
  });
  tour.drive();
  return () => {
    ended = true;
    tour.destroy();
  };
}
