/** The project axis of the statistics bar charts fits a name on two lines; a longer one is cut. */
export const AXIS_WIDTH_PX = 190;
export const AXIS_LABEL_CHARS = 34;
const AXIS_LABEL_TAIL = 15;

/**
 * A project's name on the axis. One too long keeps its start and its end: projects named alike
 * ("… Day 2", "… Day 3", "… v2") differ at the end, which a cut at the end would hide. The figures
 * under the chart and the row's tooltip give it whole.
 */
export const axisLabel = (title: string) =>
  title.length > AXIS_LABEL_CHARS
    ? `${title.slice(0, AXIS_LABEL_CHARS - AXIS_LABEL_TAIL - 1)}…${title.slice(-AXIS_LABEL_TAIL)}`
    : title;
