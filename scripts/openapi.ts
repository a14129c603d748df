// `npm run openapi`: writes the committed copy of the OpenAPI document.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../shared/openapi.ts';

const file = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${file.pathname}`);
