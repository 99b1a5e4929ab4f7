/** The planner's public entry (DESIGN.md §12): calendar arithmetic, for the projects' calendar. */
export { addDays, addMonths, formatDate, monthGrid, startOfMonth, startOfWeek } from './calendar-dates';
