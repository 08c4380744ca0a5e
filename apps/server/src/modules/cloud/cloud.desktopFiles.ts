import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CloudLaunch } from '@rushes/shared';
import { DESKTOP_BACKGROUND } from './cloud.desktop.ts';

/**
 * A local desktop's configuration, written into the session's home: openbox (window
 * bindings and a root menu) and a tint2 panel. What they offer is the booked program and nothing
 * else: the desktop runs as the server's OS user, so it offers no terminal, no file manager that can
 * run commands, no "run" prompt. The project's folders are reached from the program's own open
 * dialog (they are in the home, where that dialog starts).
 */

export interface DesktopProgram {
  title: string;
  launch: CloudLaunch;
}

/**
 * The environment of every desktop process: the session's home and display, nothing of the
 * server's own (its database URL and secret keys must not reach a program the editor drives).
 */
export function desktopEnv(home: string, display: string | null, extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: home,
    USER: 'editor',
    LOGNAME: 'editor',
    LANG: process.env.LANG ?? 'C.UTF-8',
    XDG_RUNTIME_DIR: path.join(home, '.runtime'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    ...extra,
  };
  if (display) env.DISPLAY = display;
  if (process.env.TZ) env.TZ = process.env.TZ;
  return env;
}

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An argv as one command line for openbox's and tint2's parsers (g_shell_parse_argv / sh): quoted. */
export const commandLine = (argv: string[]) => argv.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');

/** The program's argv, with the project folder when the catalogue asks for it. */
const argvOf = (p: DesktopProgram, folder: string) => [
  ...p.launch.command,
  ...(p.launch.open_folder ? [folder] : []),
];

/**
 * Openbox: windows can be focused, moved, resized, maximised and closed; a right click on the
 * desktop opens the root menu (the booked program, the open windows). No key binding runs a program.
 */
function openboxRc(menuFile: string) {
  const mouse = (context: string, binds: string) => `<context name="${context}">${binds}</context>`;
  const press = (button: string, actions: string) =>
    `<mousebind button="${button}" action="Press">${actions}</mousebind>`;
  const click = (button: string, actions: string) =>
    `<mousebind button="${button}" action="Click">${actions}</mousebind>`;
  const drag = (button: string, actions: string) =>
    `<mousebind button="${button}" action="Drag">${actions}</mousebind>`;
  const focus = '<action name="Focus"/><action name="Raise"/>';
  const resize = ['Top', 'Bottom', 'Left', 'Right', 'TLCorner', 'TRCorner', 'BLCorner', 'BRCorner']
    .map((c) => mouse(c, press('Left', focus) + drag('Left', '<action name="Resize"/>')))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<openbox_config xmlns="http://openbox.org/3.4/rc">
  <theme><name>Clearlooks</name><titleLayout>NLIMC</titleLayout></theme>
  <desktops><number>1</number></desktops>
  <focus><focusNew>yes</focusNew><followMouse>no</followMouse></focus>
  <placement><policy>Smart</policy></placement>
  <margins><bottom>36</bottom></margins>
  <menu><file>${xml(menuFile)}</file></menu>
  <keyboard>
    <keybind key="A-Tab"><action name="NextWindow"/></keybind>
    <keybind key="A-F4"><action name="Close"/></keybind>
  </keyboard>
  <mouse>
    <dragThreshold>4</dragThreshold>
    ${mouse('Frame', press('Left', focus))}
    ${mouse('Client', press('Left', focus) + press('Right', focus))}
    ${mouse('Titlebar', press('Left', focus) + drag('Left', '<action name="Move"/>') + click('Right', '<action name="ShowMenu"><menu>client-menu</menu></action>'))}
    ${mouse('Titlebar', '<mousebind button="Left" action="DoubleClick"><action name="ToggleMaximize"/></mousebind>')}
    ${resize}
    ${mouse('Close', press('Left', focus) + click('Left', '<action name="Close"/>'))}
    ${mouse('Maximize', press('Left', focus) + click('Left', '<action name="ToggleMaximize"/>'))}
    ${mouse('Iconify', press('Left', focus) + click('Left', '<action name="Iconify"/>'))}
    ${mouse('Root', press('Right', '<action name="ShowMenu"><menu>root-menu</menu></action>') + press('Left', '<action name="HideMenu"/>'))}
  </mouse>
</openbox_config>
`;
}

function openboxMenu(program: DesktopProgram | null, folder: string) {
  const run = program
    ? `<item label="${xml(program.title)}"><action name="Execute"><command>${xml(commandLine(argvOf(program, folder)))}</command></action></item>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<openbox_menu xmlns="http://openbox.org/3.4/menu">
  <menu id="root-menu" label="Rushes">
    ${run}
    <menu id="client-list-combined-menu"/>
  </menu>
</openbox_menu>
`;
}

/** The icon name the system's own .desktop entry gives the program, if it has one. */
async function systemIcon(program: string) {
  const dir = '/usr/share/applications';
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith('.desktop')) continue;
    const text = await readFile(path.join(dir, name), 'utf8').catch(() => '');
    const exec = /^Exec=(\S+)/m.exec(text)?.[1];
    if (exec && path.basename(exec) === path.basename(program)) return /^Icon=(.+)$/m.exec(text)?.[1] ?? null;
  }
  return null;
}

async function launcherEntry(program: DesktopProgram, folder: string) {
  const icon = (await systemIcon(program.launch.command[0]!)) ?? 'applications-multimedia';
  // one line each: a title or icon with a line break would add keys to the entry
  const line = (s: string) => s.replace(/[\r\n]+/g, ' ');
  return `[Desktop Entry]
Type=Application
Name=${line(program.title)}
Exec=${line(commandLine(argvOf(program, folder)).replace(/%/g, '%%'))}
Icon=${line(icon)}
Terminal=false
`;
}

/** tint2 at the bottom: the program's launcher, the open windows, a clock. */
function tint2Rc(launcher: string | null) {
  return `# the session's panel
rounded = 0
border_width = 0
background_color = #1b2f47 100
border_color = #000000 0

rounded = 3
border_width = 0
background_color = ${DESKTOP_BACKGROUND} 100
border_color = #000000 0

panel_items = ${launcher ? 'L' : ''}TC
panel_size = 100% 36
panel_margin = 0 0
panel_padding = 6 2 6
panel_position = bottom center horizontal
panel_layer = top
panel_background_id = 1
wm_menu = 1
launcher_padding = 2 2 4
launcher_background_id = 0
launcher_icon_size = 28
launcher_icon_theme_override = 0
${launcher ? `launcher_item_app = ${launcher}` : ''}
taskbar_mode = single_desktop
taskbar_padding = 2 2 4
taskbar_background_id = 0
task_text = 1
task_icon = 1
task_maximum_size = 220 32
task_padding = 6 2 4
task_font_color = #ffffff 100
task_background_id = 0
task_active_background_id = 2
time1_format = %H:%M
clock_font_color = #ffffff 100
clock_padding = 6 0
clock_background_id = 0
`;
}

export interface DesktopFiles {
  openboxRc: string;
  tint2Rc: string;
}

/** Writes the desktop's configuration into the home (idempotent: a restart writes the same). */
export async function writeDesktopFiles(home: string, program: DesktopProgram | null): Promise<DesktopFiles> {
  const dir = path.join(home, '.config', 'rushes-desktop');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await mkdir(path.join(home, '.runtime'), { recursive: true, mode: 0o700 });
  const menu = path.join(dir, 'menu.xml');
  const rc = path.join(dir, 'rc.xml');
  const tint2 = path.join(dir, 'tint2rc');
  await writeFile(menu, openboxMenu(program, home));
  await writeFile(rc, openboxRc(menu));
  let launcher: string | null = null;
  if (program) {
    launcher = path.join(dir, 'program.desktop');
    await writeFile(launcher, await launcherEntry(program, home));
  }
  await writeFile(tint2, tint2Rc(launcher));
  return { openboxRc: rc, tint2Rc: tint2 };
}
