import { API } from '../api.ts';
import {
  productTourBody,
  productTourState,
  shellConfig,
  supportChatSettings,
  teamShellBody,
  teamShellQuery,
  teamShellSettings,
} from '../schemas/shell.ts';
import { defineRoutes } from './define.ts';

/**
 * The app shell: runtime settings, the live-chat widget, the product tour (spec 002 §7),
 * a team's shell settings. The first three are the caller's own; the team settings are read by
 * members and changed by owners.
 */
export const shellRoutes = defineRoutes('shell', {
  config: { method: 'GET', path: API.shell.config, response: shellConfig, policy: 'self' },
  supportChat: { method: 'GET', path: API.shell.supportChat, response: supportChatSettings, policy: 'self' },
  tour: { method: 'GET', path: API.shell.productTour, response: productTourState, policy: 'self' },
  updateTour: {
    method: 'PUT',
    path: API.shell.productTour,
    body: productTourBody,
    response: productTourState,
    policy: 'self',
  },
  teamSettings: {
    method: 'GET',
    path: API.shell.teamSettings,
    query: teamShellQuery,
    response: teamShellSettings,
    policy: 'teams.canView',
  },
  updateTeamSettings: {
    method: 'PUT',
    path: API.shell.teamSettings,
    body: teamShellBody,
    response: teamShellSettings,
    policy: 'teams.canUpdate',
  },
});
