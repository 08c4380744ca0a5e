import { createTheme } from '@mantine/core';

/** Mantine defaults, with the spec's breakpoints (768, 1024, 1280 px; spec 002 §9). */
export const theme = createTheme({
  // Users who ask their system for less motion get no menu/modal animations.
  respectReducedMotion: true,
  breakpoints: { xs: '36em', sm: '48em', md: '64em', lg: '80em', xl: '88em' },
});
