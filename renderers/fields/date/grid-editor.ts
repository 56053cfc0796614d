import { dateCell } from '../date-input';

export default dateCell('date');
