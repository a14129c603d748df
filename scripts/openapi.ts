// `npm run openapi`: writes the committed copy of the OpenAPI document, the types
// openapi-typescript makes from it (for the client tests), and the console's route map (each
// operation's method, URL template and whether it answers a body), so the browser reaches
// every route without loading the route table's schemas.
import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../shared/openapi.ts';
import { auditedActionsSource, kitRoutesSource, routeMapSource } from '../shared/route-map.ts';
import { kitTypesFile, openApiTypesSource, typesFile } from './openapi-types.ts';

const document = openApiDocument();
const file = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${file.pathname}`);

writeFileSync(typesFile, await openApiTypesSource(document));
console.log(`wrote ${typesFile.pathname}`);

const map = new URL('../web/src/lib/route-map.gen.ts', import.meta.url);
writeFileSync(map, routeMapSource());
console.log(`wrote ${map.pathname}`);

const audited = new URL('../web/src/lib/audited-actions.gen.ts', import.meta.url);
writeFileSync(audited, auditedActionsSource());
console.log(`wrote ${audited.pathname}`);

// The test kit's types and route table (packages/console-test-kit): every route, the console's
// own included, as data and openapi-typescript types, so the kit needs nothing of shared/.
writeFileSync(kitTypesFile, await openApiTypesSource(openApiDocument({ withConsole: true })));
console.log(`wrote ${kitTypesFile.pathname}`);
const kitRoutes = new URL('../packages/console-test-kit/src/routes.gen.ts', import.meta.url);
writeFileSync(kitRoutes, kitRoutesSource());
console.log(`wrote ${kitRoutes.pathname}`);
