import { dateSearch } from '../date-search';

/** a date range: a range picker */
export default dateSearch('date', true);
