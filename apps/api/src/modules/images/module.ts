import { defineModule } from '../../platform/modules';

/** Image uploads: back office only. */
export const imagesModule = defineModule({
  name: 'images',
});
