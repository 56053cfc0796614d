import { DATE_FORMAT } from '../constants';
import { normalizeDate, temporalType } from './temporal';

export const date = temporalType('date', DATE_FORMAT, normalizeDate, { jsonFormat: 'date' });
