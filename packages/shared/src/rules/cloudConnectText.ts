/**
 * The cloud panel's connector instructions and the wizard's empty lists (spec 001 §2: preparing
 * shows the ticket and connector instructions; ready the credentials and how to connect), apart
 * from CLOUD_TEXT so the shell's cloud banner does not load them.
 */
export const CLOUD_CONNECT_TEXT = {
  title: 'Connect from your computer',
  /** the connector is a command of the Rushes program, the same download as the uploader */
  stepDownload: 'Download the Rushes program for your computer (the same one as the uploader):',
  stepFile: 'Download this session’s connection file:',
  stepRun:
    'In a terminal, in the folder where you saved the file, run this command. It opens your VNC viewer on the workstation (or prints how to connect with one):',
  whenReady:
    'When the machine is ready, its connection file and the command to run appear here. You can also open it in the browser.',
  command: 'Command',
  copyCommand: 'Copy the command',
  windows: 'Windows',
  macIntel: 'macOS Intel',
  macSilicon: 'macOS Apple Silicon',
  linux: 'Linux',
  /** the software step when the workstations can run none of this type */
  noSoftware: 'No workstation here can run software of this type',
  /** the plugin step when none of the software's plugins can run */
  noPlugins: 'No plugin of this software can run on these workstations: skip this step',
} as const;
