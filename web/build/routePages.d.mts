/** A leaf route of web/src/app/routes.tsx and the modules (keys relative to web/) its lazy() functions import. */
export interface RoutePage {
  path: string;
  index: boolean;
  lazyModules: string[];
}

export function routePages(webDir: string): Promise<RoutePage[]>;
