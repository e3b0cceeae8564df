// Every message catalogue, compiled and registered, as the server and the browser have them:
// shared schemas and components under test speak English unless a test chooses otherwise.
import { registerAllCatalogues } from '../i18n-catalogues';

registerAllCatalogues();
