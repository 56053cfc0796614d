import { dateEditor } from '../date-input';

export default dateEditor('date');
