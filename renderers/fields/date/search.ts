import { dateSearch } from '../date-search';

export default dateSearch('date', false);
