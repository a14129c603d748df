import { kindModule } from '../kind.ts';
import { objectInfo, objectSources } from './object-info.ts';

export const objectInfoModule = kindModule({
  handlers(ctx) {
    const sources = objectSources();
    return {
      async getObjectInfo({ project, params }) {
        return objectInfo(ctx.db, sources, project.id, params.object_id);
      },
    };
  },
});
