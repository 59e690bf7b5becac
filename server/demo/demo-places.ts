import type { LocationType } from '../db/types.ts';

export interface DemoPlace {
  name: string;
  address: string;
  lat: number;
  lng: number;
  locType: LocationType;
}

/** Real places where people are counted, in Copenhagen and Aarhus. */
export const copenhagenPlaces: DemoPlace[] = [
  {
    name: 'Strøget, Amagertorv',
    address: 'Amagertorv 1, 1160 København K',
    lat: 55.6785,
    lng: 12.5788,
    locType: 'pedestrianstreet',
  },
  {
    name: 'Kongens Nytorv',
    address: 'Kongens Nytorv, 1050 København K',
    lat: 55.6795,
    lng: 12.5857,
    locType: 'square',
  },
  {
    name: 'Nyhavn',
    address: 'Nyhavn 17, 1051 København K',
    lat: 55.6798,
    lng: 12.5907,
    locType: 'port',
  },
  {
    name: 'Rådhuspladsen',
    address: 'Rådhuspladsen, 1550 København V',
    lat: 55.6757,
    lng: 12.5687,
    locType: 'square',
  },
  {
    name: 'Nørreport',
    address: 'Nørre Voldgade 13, 1358 København K',
    lat: 55.6833,
    lng: 12.5713,
    locType: 'crossroads',
  },
  {
    name: 'Dronning Louises Bro',
    address: 'Dronning Louises Bro, 2200 København N',
    lat: 55.6869,
    lng: 12.5648,
    locType: 'road',
  },
  {
    name: 'Fælledparken',
    address: 'Fælledparken, 2100 København Ø',
    lat: 55.6992,
    lng: 12.5702,
    locType: 'park',
  },
  {
    name: 'Søerne, Sortedams Sø',
    address: 'Øster Søgade, 2100 København Ø',
    lat: 55.6893,
    lng: 12.5746,
    locType: 'path',
  },
  {
    name: 'Knippelsbro',
    address: 'Knippelsbro, 1409 København K',
    lat: 55.6733,
    lng: 12.5889,
    locType: 'road',
  },
  {
    name: 'Islands Brygge',
    address: 'Islands Brygge 14, 2300 København S',
    lat: 55.6645,
    lng: 12.5765,
    locType: 'port',
  },
  {
    name: 'Nørrebrogade',
    address: 'Nørrebrogade 60, 2200 København N',
    lat: 55.692,
    lng: 12.5533,
    locType: 'road',
  },
  {
    name: 'Superkilen',
    address: 'Nørrebrogade 210, 2200 København N',
    lat: 55.7003,
    lng: 12.542,
    locType: 'park',
  },
  {
    name: 'Assistens Kirkegård',
    address: 'Kapelvej 2, 2200 København N',
    lat: 55.6905,
    lng: 12.5495,
    locType: 'path',
  },
  {
    name: 'Vesterbrogade',
    address: 'Vesterbrogade 41, 1620 København V',
    lat: 55.6725,
    lng: 12.556,
    locType: 'road',
  },
  {
    name: 'Enghave Plads',
    address: 'Enghave Plads, 1670 København V',
    lat: 55.6675,
    lng: 12.546,
    locType: 'square',
  },
  {
    name: 'Frederiksberg Have',
    address: 'Frederiksberg Runddel, 2000 Frederiksberg',
    lat: 55.6745,
    lng: 12.5255,
    locType: 'park',
  },
  {
    name: 'Motorring 3, Lyngby',
    address: 'Motorring 3 ved Lundtofte, 2800 Kongens Lyngby',
    lat: 55.77,
    lng: 12.492,
    locType: 'motorway',
  },
  {
    name: 'Sluseholmen kontor',
    address: 'Sluseholmen 2, 2450 København SV',
    lat: 55.645,
    lng: 12.546,
    locType: 'office',
  },
];

export const aarhusPlaces: DemoPlace[] = [
  {
    name: 'Strøget, Søndergade',
    address: 'Søndergade 20, 8000 Aarhus C',
    lat: 56.1525,
    lng: 10.2055,
    locType: 'pedestrianstreet',
  },
  {
    name: 'Rådhuspladsen Aarhus',
    address: 'Rådhuspladsen 2, 8000 Aarhus C',
    lat: 56.153,
    lng: 10.203,
    locType: 'square',
  },
  {
    name: 'Åboulevarden',
    address: 'Åboulevarden 30, 8000 Aarhus C',
    lat: 56.157,
    lng: 10.208,
    locType: 'pedestrianstreet',
  },
  {
    name: 'Aarhus Ø, Dokk1',
    address: 'Hack Kampmanns Plads 2, 8000 Aarhus C',
    lat: 56.1535,
    lng: 10.214,
    locType: 'port',
  },
  {
    name: 'Mindeparken',
    address: 'Mindeparken, 8000 Aarhus C',
    lat: 56.1335,
    lng: 10.2045,
    locType: 'park',
  },
  {
    name: 'Botanisk Have',
    address: 'Peter Holms Vej, 8000 Aarhus C',
    lat: 56.157,
    lng: 10.192,
    locType: 'park',
  },
  {
    name: 'Store Torv',
    address: 'Store Torv, 8000 Aarhus C',
    lat: 56.1567,
    lng: 10.2105,
    locType: 'square',
  },
  {
    name: 'Banegårdspladsen',
    address: 'Banegårdspladsen 1, 8000 Aarhus C',
    lat: 56.15,
    lng: 10.2045,
    locType: 'crossroads',
  },
  {
    name: 'Randersvej',
    address: 'Randersvej 40, 8200 Aarhus N',
    lat: 56.169,
    lng: 10.196,
    locType: 'road',
  },
  {
    name: 'Marselisborg Havn',
    address: 'Marselisborg Havnevej 4, 8000 Aarhus C',
    lat: 56.139,
    lng: 10.2175,
    locType: 'port',
  },
  {
    name: 'Riis Skov sti',
    address: 'Riis Skov, 8000 Aarhus C',
    lat: 56.173,
    lng: 10.222,
    locType: 'path',
  },
  {
    name: 'E45 Aarhus Syd',
    address: 'E45 ved Aarhus Syd, 8320 Mårslet',
    lat: 56.088,
    lng: 10.137,
    locType: 'motorway',
  },
  {
    name: 'Katrinebjerg kontor',
    address: 'Åbogade 15, 8200 Aarhus N',
    lat: 56.172,
    lng: 10.189,
    locType: 'office',
  },
  {
    name: 'Ved Stranden',
    address: 'Ved Stranden 6, 8000 Aarhus C',
    lat: 56.1565,
    lng: 10.2095,
    locType: 'pedestrianstreet',
  },
];
