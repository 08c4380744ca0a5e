/**
 * Camera to edit (spec 001 §1–§9): session statuses and their texts, the camera model catalogue,
 * limits and every text of the feature, written once for the server, the web app and the tests.
 * The few that the app's first load needs (MSG's server texts, the route map's uploader values) are in
 * cameraBasics.ts, so this file loads only with the camera screens.
 */
export { CAMERA_MESSAGES, UPLOADER_KEY, UPLOADER_PLATFORMS, type UploaderOs } from './cameraBasics.ts';

/** Session statuses (001 §4), compared in lower case ('ACTIVE' counts as active). */
export const C2E_STATUSES = ['pending', 'resuming', 'pausing', 'paused', 'active'] as const;
export type C2eStatus = (typeof C2E_STATUSES)[number];
export const c2eStatusOf = (status: string | null | undefined): C2eStatus | null => {
  const s = (status ?? '').toLowerCase();
  return (C2E_STATUSES as readonly string[]).includes(s) ? (s as C2eStatus) : null;
};

/** What the details screen shows per status (001 §4 table); active shows the credentials. */
export const C2E_STATUS_TEXT: Record<Exclude<C2eStatus, 'active'>, string> = {
  pending: 'Creating C2E session...',
  resuming: 'Turning on C2E session...',
  pausing: 'Turning off C2E session...',
  paused: 'C2E session is turned off',
};
/** The progress bar shows unless active or paused; the switch and Delete work only in those two. */
export const c2eIsSettled = (status: string) => ['active', 'paused'].includes(c2eStatusOf(status) ?? '');
/** Session controls are hidden while pending. */
export const c2eShowsControls = (status: string) => c2eStatusOf(status) !== 'pending';
/**
 * The FTP host a camera is told: the configured public host (FTP_PUBLIC_HOST) when there is
 * one, else the host the browser reached the app by: the server's own default is PUBLIC_URL's host,
 * `localhost` on a laptop, which a camera on the LAN cannot reach.
 */
export const c2eShownHost = (s: { hostname: string; hostname_configured: boolean }, browserHost: string) =>
  s.hostname_configured || !browserHost ? s.hostname : browserHost;

/** The C2E details delay after create (001 §9) and the credentials copy indicator (3 s). */
export const C2E_DETAILS_DELAY_MS = 1000;
export const C2E_COPIED_MS = 3000;
/** 24-character FTP passwords; usernames 'c2e-' + 10 lowercase letters and digits. */
export const C2E_PASSWORD_LENGTH = 24;
/** The SD card type cameras record to (001 §9). */
export const C2E_SD_CARD_TYPE = 'SDXC';

/**
 * The camera tab's own texts (001 §2, §5 verbatim where the spec gives them), kept out of MSG so the
 * app's first load does not carry them: only the lazily loaded camera screens import them.
 */
export const C2E_TEXT = {
  c2eLanding: 'Upload assets from the camera to Rushes.io.',
  c2eNoPermission: 'Contact your project admin to grant you Camera to Edit permission for this project.',
  c2eStart: 'Start C2E Session',
  c2eViewActive: 'View Active Sessions',
  c2eCreateFolder: 'Create Folder',
  c2eHelp: 'How camera to edit works',
  c2eCameraModel: 'Camera Model',
  c2eDestination: 'Destination Folder (Optional)',
  c2eNone: 'None',
  c2eBack: 'Back',
  c2eCreate: 'Create',
  c2eCreating: 'Creating...',
  c2eNewSession: 'New Session',
  c2eActiveSessions: 'Active Sessions',
  c2eNoActiveSessions: 'No active sessions',
  c2eDelete: 'Delete C2E Session',
  c2eSelectModel: 'Select camera model',
  c2ePlainFtp: 'Allow plain FTP (unencrypted, for older cameras)',
  c2ePlainFtpWarning:
    'Plain FTP sends the password and the clips unencrypted. Use it only on a network you trust, for cameras without FTPS.',
  uploaderDownload: 'Download Uploader',
  tokensTitle: 'Personal access tokens',
  tokenName: 'Token name',
  tokenCreate: 'Create token',
  tokenRevoke: 'Revoke',
  tokenUploaderHint: 'The Rushes uploader logs in with a personal access token.',
  c2eHost: 'Host',
  c2ePort: 'Port',
  c2eProtocol: 'Protocol',
  c2eUsername: 'Username',
  c2ePassword: 'Password',
  c2eSessionIdLabel: 'Session ID',
  c2eFolderLabel: 'Folder',
  c2eCameraLabel: 'Camera',
  c2eFilesReceived: 'Files received',
  c2eCredentials: 'FTP credentials',
  c2eSwitch: 'C2E session on',
  c2eSetup: 'Camera setup',
  c2eModelsTitle: 'Supported cameras',
  c2eMenuPath: 'FTP menu',
  c2eSdCard: 'SD card',
  c2ePassiveFtps: 'Passive mode, explicit FTPS (AUTH TLS)',
  c2ePassivePlain: 'Passive mode, plain FTP only',
  c2eNextStep: 'Next step',
  c2ePreviousStep: 'Previous step',
  c2eFtpsLabel: 'FTPS (explicit TLS)',
  c2eFtpLabel: 'FTP (unencrypted)',
  c2eFtpUnavailable: 'Camera FTP is not available',
} as const;

/** Why cameras cannot upload right now, for the session details (no credentials are shown then). */
export const C2E_FTP_UNAVAILABLE_TEXT = {
  off: 'Camera uploads are turned off on this server: cameras cannot connect to it. Ask your administrator to turn on the camera FTP server.',
  port_in_use:
    'The camera FTP server could not start because another program on the server already uses its port. Ask your administrator to free the port or choose another one, then restart Rushes.',
  failed:
    'The camera FTP server could not start, so cameras cannot connect to it. Ask your administrator to check the server log and restart Rushes.',
} as const;
/** 'Copy password' and the like, for the credentials' copy buttons. */
export const c2eCopyLabel = (what: string) => `Copy ${what.toLowerCase()}`;

/** FTP replies' texts (what a camera's FTP log shows). */
export const FTP_TEXT = {
  tlsRequired: 'This session requires FTPS: use explicit TLS (AUTH TLS)',
  loginFailed: 'Login incorrect',
  tooManyLogins: 'Too many failed logins: try again later',
  paused: 'This C2E session is turned off',
  writeOnly: 'This session is write-only',
  outsideRoot: 'Path outside this session',
  restricted: 'This file type is not allowed',
  badName: 'File name not allowed',
  fileTooLarge: 'File exceeds the size limit of this session',
  sessionFull: 'This session has reached its size limit',
  noResume: 'Resuming uploads is not supported: send the whole file again',
} as const;

/** How a camera reaches the FTP server (a catalogue entry's protocol settings). */
export interface CameraProtocol {
  /** Passive mode; every listed model supports it. */
  passive: true;
  /** Explicit FTPS (AUTH TLS) supported by the firmware; false: only plain FTP. */
  ftpsExplicit: boolean;
}
export interface CameraModel {
  slug: string;
  title: string;
  protocol: CameraProtocol;
  /** Where the FTP transfer settings are in the camera menu. */
  menuPath: string;
  /** A short setup note shown in the hint carousel. */
  note: string;
}

/**
 * FTP-capable professional cameras (decided in docs/decisions/0026-camera-to-edit.md): menu paths from the makers'
 * manuals, simplified; firmware versions differ.
 */
export const CAMERA_MODELS: readonly CameraModel[] = [
  {
    slug: 'sony-fx6',
    title: 'Sony FX6',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Network → File Transfer → Server Settings',
    note: 'Set Secure Protocol On and Passive Mode On.',
  },
  {
    slug: 'sony-fx9',
    title: 'Sony FX9',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Network → File Transfer → Server Settings',
    note: 'Set Secure Protocol On and Passive Mode On.',
  },
  {
    slug: 'sony-a7s-iii',
    title: 'Sony Alpha 7S III',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Network → FTP Transfer Func. → Server Setting',
    note: 'Choose Secure Protocol On; import the root certificate only if asked.',
  },
  {
    slug: 'canon-c70',
    title: 'Canon EOS C70',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Network Settings → FTP Transfer Settings',
    note: 'Choose FTPS and Passive mode; set the target folder to /.',
  },
  {
    slug: 'canon-c300-iii',
    title: 'Canon EOS C300 Mark III',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Network Settings → FTP Transfer Settings',
    note: 'Choose FTPS and Passive mode; set the target folder to /.',
  },
  {
    slug: 'panasonic-eva1',
    title: 'Panasonic AU-EVA1',
    protocol: { passive: true, ftpsExplicit: false },
    menuPath: 'Menu → Network → FTP Client Service',
    note: 'This model sends plain FTP only: turn on plain FTP for its session.',
  },
  {
    slug: 'panasonic-s1h',
    title: 'Panasonic Lumix S1H',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Setup → Wi-Fi/Bluetooth → FTP Transfer',
    note: 'Choose FTPS, Passive mode.',
  },
  {
    slug: 'red-komodo',
    title: 'RED KOMODO 6K',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Media → FTP Upload',
    note: 'Proxies upload as they are recorded; R3D originals are large.',
  },
  {
    slug: 'blackmagic-ursa-12k',
    title: 'Blackmagic URSA Mini Pro 12K',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Menu → Setup → Network → FTP',
    note: 'Choose FTPS (explicit) and Passive mode.',
  },
  {
    slug: 'other-ftp',
    title: 'Other FTP camera',
    protocol: { passive: true, ftpsExplicit: true },
    menuPath: 'Network → FTP settings of your camera',
    note: 'Use explicit FTPS (AUTH TLS) and Passive mode.',
  },
];
export const cameraModelBySlug = (slug: string) => CAMERA_MODELS.find((m) => m.slug === slug) ?? null;

/** The four-step hint carousel of the new-session form (001 §2); the last step names the model's menu. */
export function c2eHintSteps(model: CameraModel | null): { title: string; text: string }[] {
  return [
    {
      title: 'Insert an SDXC card',
      text: `Record to an ${C2E_SD_CARD_TYPE} card with enough free space; the camera uploads from it.`,
    },
    {
      title: 'Connect the camera to the network',
      text: 'Use Wi-Fi, Ethernet or a phone hotspot with internet access.',
    },
    {
      title: 'Enter the FTP server',
      text: model
        ? `${model.menuPath}: enter the host, port, user name and password of this session.`
        : 'In the camera’s FTP menu enter the host, port, user name and password of this session.',
    },
    {
      title: 'Record and upload',
      text: model
        ? `${model.note} Each finished clip appears in the destination folder.`
        : 'Use Passive mode and explicit FTPS. Each finished clip appears in the destination folder.',
    },
  ];
}
