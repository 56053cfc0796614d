import { dateSearch } from '../date-search';

/** a datetime range: a range picker */
export default dateSearch('datetime', true);
