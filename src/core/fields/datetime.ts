import { DATETIME_FORMAT } from '../constants';
import { normalizeDateTime, temporalType } from './temporal';

export const datetime = temporalType('datetime', DATETIME_FORMAT, normalizeDateTime);
