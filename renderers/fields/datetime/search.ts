import { dateSearch } from '../date-search';

export default dateSearch('datetime', false);
