// Every benchmark case, in output order. Each group lives in its own file under Cases/;
// add a group here when adding a file (e.g. rsaCases, cmsCases).

let allCases: [BenchCase] =
    hashCases + rsaCases + ecdsaCases + x509Cases + asn1Cases + cmsCases + payloadCases + scaleCases + legacyCases
    + jwsCases + renderCases + hostileCases + signingCases + revocationCases
