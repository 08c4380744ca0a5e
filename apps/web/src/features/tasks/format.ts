import { formatDay, type Task } from '@rushes/shared';

/** The due day as chosen ('yyyy-mm-dd'), shown as dd MMM yyyy whatever the reader's time zone. */
export const dueDateLabel = (task: Pick<Task, 'due_date'>) => formatDay(task.due_date);
