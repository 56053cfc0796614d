import { TIME_FORMAT } from '../constants';
import { normalizeTime, temporalType } from './temporal';

export const time = temporalType('time', TIME_FORMAT, normalizeTime);
