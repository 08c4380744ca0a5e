import { UPLOADER_PLATFORMS } from './cameraBasics.ts';

/** The uploader page (/uploader, the default download of every OS: 001 §2, 002 §9). */

/** What the page says of one platform: how to start it and what the system asks the first time. */
export interface UploaderPlatformText {
  run: string;
  firstRun: string;
}

export const UPLOADER_TEXT = {
  title: 'Rushes uploader',
  intro:
    'Upload big files and whole folders to a project: parts go in parallel, an interrupted upload resumes where it stopped, and a watched folder (a camera card, an export folder) is uploaded as files arrive. Opened with no arguments it shows its page in your browser: drag and drop, the upload queue, watch folders.',
  login:
    'It logs in from its page (approve it in the browser) or with a personal access token from Account Settings.',
  download: 'Download',
  size: 'Size',
  sha256: 'SHA-256',
  version: (version: string, node: string) => `Version ${version}, on Node.js ${node}`,
  forms: {
    sea: 'Single executable',
    zip: 'Portable zip',
    'tar.gz': 'Portable archive',
  } as Record<string, string>,
  notBuilt: (title: string) => `The ${title} file has not been built on this server.`,
  howToBuild:
    'An operator builds every platform’s file by running npm run build:uploader in the Rushes folder (it keeps them in packages/uploader/dist, or in UPLOADER_DIST), then this page offers the download.',
  commandLine: 'From a terminal',
  command: (url: string) => `rushes-upload upload --url ${url} --project <Project ID> <file or folder>`,
  commandNote:
    'The Project ID is the one the project page shows. Run the same command again after an interruption: finished parts are not sent again. rushes-upload --help lists watch and the other commands.',
  platforms: {
    windows: {
      run: 'Double-click rushes-upload-windows-x64.exe: it opens the uploader page in your browser. In a terminal it takes the commands below.',
      firstRun:
        'The program is not code-signed, so the first time Windows SmartScreen says “Windows protected your PC”: click More info, then Run anyway.',
    },
    windows_portable: {
      run: 'Unzip it anywhere (a USB stick works) and double-click rushes-upload.cmd in the rushes-upload folder. It runs on the Node.js inside, signed by the OpenJS Foundation: for computers that refuse unsigned programs.',
      firstRun: 'Windows may ask once before running rushes-upload.cmd: click More info, then Run anyway.',
    },
    macos_intel: {
      run: 'Double-click the download to unpack it, then double-click “Rushes Uploader.command” in the rushes-upload folder. In Terminal: ./rushes-upload with the commands below.',
      firstRun:
        'The first time, macOS Gatekeeper says it cannot verify the launcher: open System Settings › Privacy & Security and click Open Anyway (or Control-click the file and choose Open). The Node.js inside is the official one, signed by the Node.js Foundation.',
    },
    macos_silicon: {
      run: 'Double-click the download to unpack it, then double-click “Rushes Uploader.command” in the rushes-upload folder. In Terminal: ./rushes-upload with the commands below.',
      firstRun:
        'The first time, macOS Gatekeeper says it cannot verify the launcher: open System Settings › Privacy & Security and click Open Anyway (or Control-click the file and choose Open). The Node.js inside is the official one, signed by the Node.js Foundation: Apple silicon runs only signed programs.',
    },
    linux: {
      run: 'Run it from a terminal: with no arguments it opens the uploader page; with the commands below it uploads or watches a folder (a workstation or a server too).',
      firstRun:
        'A browser download is not executable yet: chmod +x rushes-upload-linux-x64, then ./rushes-upload-linux-x64.',
    },
  } satisfies Record<UploaderTarget, UploaderPlatformText>,
} as const;

/** Every platform the build makes a file for: the download menu's four (002 §9) and Linux x64. */
export const UPLOADER_TARGETS = [...UPLOADER_PLATFORMS, { os: 'linux', title: 'Linux x64' }] as const;
export type UploaderTarget = (typeof UPLOADER_TARGETS)[number]['os'];
