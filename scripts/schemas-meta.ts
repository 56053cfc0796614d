/**
 * npm run schemas:meta — writes the enums the registries own (field types, column types, list
 * kinds; see src/core/document/meta-enums.ts) into schemas/_meta/entity.schema.json. Run it after
 * registering a type or kind; schemas:check and the unit tests fail while the two differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { withRegisteredEnums } from '../src/core/document/meta-enums';

const file = path.resolve('schemas/_meta/entity.schema.json');
const schema = withRegisteredEnums(JSON.parse(fs.readFileSync(file, 'utf8')));
const options = (await prettier.resolveConfig(file)) ?? {};
fs.writeFileSync(file, await prettier.format(JSON.stringify(schema), { ...options, filepath: file }));
console.log(`${path.relative(process.cwd(), file)}: enums written from the registries`);
