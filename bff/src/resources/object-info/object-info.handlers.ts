import { apiModule } from '../kind.ts';
import { objectInfo, objectSources } from './object-info.ts';

export const objectInfoModule = apiModule({
  handlers(ctx) {
    const sources = objectSources();
    return {
      async getObjectInfo({ project, params }) {
        return objectInfo(ctx.db, sources, project.id, params.object_id);
      },
    };
  },
});
