// What a schedule's daily budget covers, in words, from main's per-day estimate: pure, tested in Node.
import type { ScheduleEstimate } from '../../../../shared/ipc/studies';
import { requestCount } from './format';

/** What a daily budget covers, in words. */
export function coverWords(e: Pick<ScheduleEstimate, 'perDay' | 'firstRun'>, budget: number): string {
  const day =
    budget >= e.perDay.upperUnits
      ? 'This daily budget covers a day of runs, even a busy one.'
      : budget >= e.perDay.units
        ? 'This daily budget covers a usual day; a busier one stops at it and goes on the next day.'
        : `This daily budget is below a usual day (about ${requestCount(e.perDay.units)}): runs stop at it and fall behind what comes in.`;
  if (!e.firstRun || budget >= e.firstRun.units) return day;
  const days = Math.ceil(e.firstRun.units / budget);
  return `${day} The first run reads every target whole (about ${requestCount(e.firstRun.units)}): at this budget it takes about ${days} days.`;
}
