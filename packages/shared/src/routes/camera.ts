import { z } from 'zod';
import { API } from '../api.ts';
import { projectQuery } from '../schemas/projects.ts';
import {
  c2eActionBody,
  c2eFolder,
  c2eSession,
  c2eSessionQuery,
  c2eSessionsAnswer,
  cameraDetail,
  createC2eBody,
  accessToken,
  createTokenBody,
  revokeTokenBody,
  uploaderDownloadQuery,
} from '../schemas/camera.ts';
import {
  deviceApproveAnswer,
  deviceRequest,
  deviceStartAnswer,
  deviceStartBody,
  deviceTokenAnswer,
  deviceTokenBody,
  userCodeBody,
  userCodeQuery,
} from '../schemas/deviceLogin.ts';
import { uploaderBuilds, uploaderFileQuery } from '../schemas/uploader.ts';
import { defineRoutes } from './define.ts';

/** Camera to edit (spec 001 §7): every call needs the project's camera-to-edit permission. */
export const cameraRoutes = defineRoutes('camera', {
  models: {
    method: 'GET',
    path: API.camera.models,
    query: projectQuery,
    response: z.object({ camera_details: z.array(cameraDetail) }),
    policy: 'camera.canUseCamera',
  },
  folders: {
    method: 'GET',
    path: API.camera.folders,
    query: projectQuery,
    response: z.object({ folders: z.array(c2eFolder) }),
    policy: 'camera.canUseCamera',
  },
  list: {
    method: 'GET',
    path: API.camera.sessions,
    query: projectQuery,
    response: c2eSessionsAnswer,
    policy: 'camera.canUseCamera',
  },
  create: {
    method: 'POST',
    path: API.camera.sessions,
    body: createC2eBody,
    response: z.object({ message: z.string(), data: z.object({ c2e_session: c2eSession }) }),
    policy: 'camera.canUseCamera',
  },
  get: {
    method: 'GET',
    path: API.camera.session,
    query: c2eSessionQuery,
    response: z.object({ c2e_session: c2eSession }),
    policy: 'camera.canUseCamera',
  },
  act: {
    method: 'PUT',
    path: API.camera.session,
    body: c2eActionBody,
    response: z.object({ message: z.string(), c2e_session: c2eSession }),
    policy: 'camera.canUseCamera',
  },
  remove: {
    method: 'DELETE',
    path: API.camera.session,
    body: c2eSessionQuery,
    response: z.object({ message: z.string() }),
    policy: 'camera.canUseCamera',
  },
  uploaderDownload: {
    method: 'GET',
    path: API.camera.uploaderDownload,
    query: uploaderDownloadQuery,
    response: z.string(),
    policy: 'self',
  },
  uploaderBuilds: {
    method: 'GET',
    path: API.camera.uploaderBuilds,
    response: uploaderBuilds,
    policy: 'self',
  },
  uploaderFile: {
    method: 'GET',
    path: API.camera.uploaderFile,
    query: uploaderFileQuery,
    response: z.null(),
    policy: 'self',
    raw: true,
  },
  tokens: {
    method: 'GET',
    path: API.camera.tokens,
    response: z.object({ tokens: z.array(accessToken) }),
    policy: 'self',
  },
  createToken: {
    method: 'POST',
    path: API.camera.tokens,
    body: createTokenBody,
    response: z.object({ message: z.string(), token: z.string(), access_token: accessToken }),
    policy: 'self',
  },
  revokeToken: {
    method: 'DELETE',
    path: API.camera.tokens,
    body: revokeTokenBody,
    response: z.object({ message: z.string() }),
    policy: 'self',
  },
  // The uploader's device login: the program starts and polls without a session (it has no login
  // yet: its device_code is the proof); the user looks at, approves or denies it logged in.
  deviceStart: {
    method: 'POST',
    path: API.camera.deviceStart,
    body: deviceStartBody,
    response: deviceStartAnswer,
    public: true,
  },
  deviceToken: {
    method: 'POST',
    path: API.camera.deviceToken,
    body: deviceTokenBody,
    response: deviceTokenAnswer,
    public: true,
  },
  device: {
    method: 'GET',
    path: API.camera.device,
    query: userCodeQuery,
    response: deviceRequest,
    policy: 'self',
  },
  deviceApprove: {
    method: 'POST',
    path: API.camera.deviceApprove,
    body: userCodeBody,
    response: deviceApproveAnswer,
    policy: 'self',
  },
  deviceDeny: {
    method: 'POST',
    path: API.camera.deviceDeny,
    body: userCodeBody,
    response: z.object({ message: z.string() }),
    policy: 'self',
  },
});
