/**
 * The classifieds' fixed words, without zod: the route tree (loaded with the landing page) checks
 * browse filters against them, so they must stay light.
 */

/** The categories a listing is filed under (spec §3: category is required). */
export const classifiedCategories = [
  'electronics',
  'vehicles',
  'property',
  'home_garden',
  'fashion',
  'baby_kids',
  'sport_leisure',
  'jobs',
  'services',
  'pets',
  'other',
] as const;
export type ClassifiedCategory = (typeof classifiedCategories)[number];

export const classifiedCategoryLabels: Record<ClassifiedCategory, string> = {
  electronics: 'Electronics',
  vehicles: 'Cars & vehicles',
  property: 'Property',
  home_garden: 'Home & garden',
  fashion: 'Clothing & fashion',
  baby_kids: 'Baby & kids',
  sport_leisure: 'Sport & leisure',
  jobs: 'Jobs',
  services: 'Services',
  pets: 'Pets',
  other: 'Other',
};

export const browseSorts = ['newest', 'price_asc', 'price_desc'] as const;
export type BrowseSort = (typeof browseSorts)[number];
export const browseSortLabels: Record<BrowseSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};
