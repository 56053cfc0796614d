import { dateSearch } from '../date-search';

export default dateSearch('time', false);
