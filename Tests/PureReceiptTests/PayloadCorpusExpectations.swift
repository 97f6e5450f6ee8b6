// Expected values of every corpus receipt, transcribed from ../shared/corpus/MANIFEST.md,
// section "Receipts — values decoded from the data" (and, for `types`, the last column of its
// receipts table). Used by PayloadCorpusTests.swift.

import Testing

/// One in-app entry as MANIFEST.md lists it. Nil means the attribute is absent.
struct ExpectedInApp: Sendable {
    var product: String
    var transaction: String
    var original: String?
    var purchase: String
    var originalPurchase: String?
    var expires: String?
    var webOrder: UInt64?
    var productType: Int64?
    var trial: Bool?
    var intro: Bool?
    var quantity: Int64?
    var promo: String?
    /// Date attributes present as an empty IA5String (1708 expires, 1712 cancelled).
    var emptyDates: [Int64]
}

/// One receipt as MANIFEST.md lists it.
struct ExpectedReceipt: Sendable, CustomTestStringConvertible {
    var file: String
    var environment: String
    var appItemID: UInt64
    var bundleID: String
    var appVersion: String
    /// Type 8 as text ("" = present but empty).
    var type8: String
    var creation: String
    var originalPurchase: String?
    var originalVersion: String?
    var ageRating: String?
    var type11: UInt64?
    var type15: UInt64?
    var type16: UInt64?
    var expiration: String?
    var opaque: String
    var hash: String
    var payloadSize: Int
    var inAppCount: Int
    /// Distinct top-level attribute types present (MANIFEST.md receipts table, last column).
    var types: [Int64]
    /// Every in-app entry in file order (empty for the 187-entry receipt, checked separately).
    var inApps: [ExpectedInApp]

    var testDescription: String { file }
}

let expectedReceipts: [ExpectedReceipt] = [
    ExpectedReceipt(
        file: "asl-swift_xcode-app-receipt-empty_2023.der", environment: "Xcode", appItemID: 0,
        bundleID: "com.example.naturelab.backyardbirds.example",
        appVersion: "1", type8: "", creation: "2023-10-19T01:18:54Z",
        originalPurchase: nil, originalVersion: nil,
        ageRating: nil, type11: nil, type15: nil, type16: nil,
        expiration: "4001-01-01T00:00:00Z", opaque: "d1bcfecf04000000",
        hash: "e271302b6e16c5984a8b43d21936205a85ce22a3", payloadSize: 225,
        inAppCount: 0, types: [0, 1, 2, 3, 4, 5, 8, 12, 21],
        inApps: []),
    ExpectedReceipt(
        file: "asl-swift_xcode-app-receipt-with-transaction_2023.der", environment: "Xcode", appItemID: 0,
        bundleID: "com.example.naturelab.backyardbirds.example",
        appVersion: "1", type8: "", creation: "2023-10-19T01:45:40Z",
        originalPurchase: nil, originalVersion: nil,
        ageRating: nil, type11: nil, type15: nil, type16: nil,
        expiration: "4001-01-01T00:00:00Z", opaque: "f2bff5fb0f000000",
        hash: "1653abcba0767179556568e83f5041b638e29a85", payloadSize: 374,
        inAppCount: 1, types: [0, 1, 2, 3, 4, 5, 8, 12, 17, 21],
        inApps: [
            .init(
                product: "pass.premium", transaction: "0", original: nil, purchase: "2023-10-19T01:45:36Z",
                originalPurchase: nil, expires: "2023-11-19T01:45:36Z", webOrder: nil, productType: nil, trial: nil,
                intro: true, quantity: 1, promo: nil, emptyDates: [])
        ]),
    ExpectedReceipt(
        file: "tpinappreceipt_production-ios-wwdrG5-sha256_2024.der", environment: "Production", appItemID: 690661663,
        bundleID: "org.getpure.pure-iphone",
        appVersion: "15741", type8: "2024-02-23T17:03:40Z", creation: "2024-02-23T17:27:16Z",
        originalPurchase: "2016-08-16T15:15:43Z", originalVersion: "434",
        ageRating: "17+", type11: 125402914, type15: 74011462945433, type16: 863855306,
        expiration: nil, opaque: "5df7132d42ab2cfba24ad546b6361906", hash: "ccaee60d31b21da8e28a83079b9d2725e2b215b1",
        payloadSize: 2306,
        inAppCount: 4, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "org.getpure.pure.Week", transaction: "340001196262039", original: "340001196262039",
                purchase: "2023-05-09T23:20:55Z", originalPurchase: "2023-05-09T23:20:57Z",
                expires: "2023-05-16T23:20:55Z", webOrder: 340000558053130, productType: 3, trial: false, intro: false,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "org.getpure.pure.Month", transaction: "340001237736590", original: "340001196262039",
                purchase: "2023-06-28T13:54:08Z", originalPurchase: "2023-05-09T23:20:57Z",
                expires: "2023-07-28T13:54:08Z", webOrder: 340000558053131, productType: 3, trial: false, intro: false,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "org.getpure.pure.Month", transaction: "340001264290434", original: "340001196262039",
                purchase: "2023-07-28T13:54:08Z", originalPurchase: "2023-05-09T23:20:57Z",
                expires: "2023-08-28T13:54:08Z", webOrder: 340000580178733, productType: 3, trial: false, intro: false,
                quantity: 1, promo: "org.getpure.pure.Month.Offer.3M.PayToGo", emptyDates: [1712]),
            .init(
                product: "org.getpure.pure.Month", transaction: "340001311555626", original: "340001196262039",
                purchase: "2023-09-19T23:26:23Z", originalPurchase: "2023-05-09T23:20:57Z",
                expires: "2023-10-19T23:26:23Z", webOrder: 340000594256018, productType: 3, trial: false, intro: false,
                quantity: 1, promo: "org.getpure.pure.Month.Offer.3M.PayToGo", emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "tpinappreceipt_sandbox-ios-wwdrG5-sha256-knowndevice_2025.der", environment: "ProductionSandbox",
        appItemID: 0, bundleID: "dev.bonzer.weeka.app",
        appVersion: "2", type8: "", creation: "2025-12-26T18:39:47Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "be1dd3ea9bcf4d08652eb539b9e05694", hash: "2158847543683847e9382a0fc51853cb17abcd6d",
        payloadSize: 1344,
        inAppCount: 2, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "dev.bonzer.weeka.app.subscription.pro.annual", transaction: "2000001092134138",
                original: "2000001092134138", purchase: "2025-12-26T17:43:07Z",
                originalPurchase: "2025-12-26T17:43:07Z", expires: "2025-12-26T18:19:07Z", webOrder: 2000000123357229,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "dev.bonzer.weeka.app.subscription.pro.annual", transaction: "2000001092148094",
                original: "2000001092134138", purchase: "2025-12-26T18:19:07Z",
                originalPurchase: "2025-12-26T17:43:07Z", expires: "2025-12-26T18:55:07Z", webOrder: 2000000123357230,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "tpinappreceipt_sandbox-ios-187iap-sha1_2020.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.nutcall.alert",
        appVersion: "32", type8: "", creation: "2020-05-06T18:28:49Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "26caf91cf7e98e6232a40b1764f4f166", hash: "e3afc764d183e3d333cd7b99266c721321522e63",
        payloadSize: 74884,
        inAppCount: 187, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: []),
    ExpectedReceipt(
        file: "tpinappreceipt_xcode12-storekit-rsaEncryption_2020.der", environment: "Xcode", appItemID: 0,
        bundleID: "net.zachariadis.cyclemaps",
        appVersion: "31.10.0", type8: "", creation: "2020-07-22T18:33:15+0100",
        originalPurchase: nil, originalVersion: nil,
        ageRating: nil, type11: nil, type15: nil, type16: nil,
        expiration: "4001-01-01T00:00:00+0000", opaque: "bd76f4ff04000000",
        hash: "0db13dbc5054e7a726837d69378841324c666e7d", payloadSize: 383,
        inAppCount: 1, types: [0, 1, 2, 3, 4, 5, 8, 12, 17, 21],
        inApps: [
            .init(
                product: "CYCLEMAPS_PREMIUM", transaction: "0", original: nil, purchase: "2020-07-22T18:33:14+0100",
                originalPurchase: nil, expires: "2021-07-22T18:33:14+0100", webOrder: nil, productType: nil, trial: nil,
                intro: false, quantity: 1, promo: nil, emptyDates: [])
        ]),
    ExpectedReceipt(
        file: "tpinappreceipt_sandbox-macos-sha1_2020.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "de.holtwick.mac.PDFify",
        appVersion: "3.3.1b4", type8: "", creation: "2020-10-30T10:54:04Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "9845c55c4d0c92526a0d88fa908d2ba1", hash: "acd29b3c351be6dda277e36a263009ea5d342ad9",
        payloadSize: 515,
        inAppCount: 0, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 25],
        inApps: []),
    ExpectedReceipt(
        file: "tpinappreceipt_sandbox-ios-9iap-sha1_2016.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.whalerock.golfwang",
        appVersion: "1.4", type8: "", creation: "2016-08-27T06:06:32Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "0124c05e37166a5b0b1ebb33d84a5b38", hash: "5808ab3d99dc4f901b68cbef6438b80bde4f985a",
        payloadSize: 3791,
        inAppCount: 9, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "GWMONTHLY", transaction: "1000000232253043", original: "1000000232253022",
                purchase: "2016-08-27T01:27:31Z", originalPurchase: "2016-08-27T01:27:11Z",
                expires: "2016-08-27T01:32:31Z", webOrder: 1000000033124408, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232253144", original: "1000000232253022",
                purchase: "2016-08-27T01:33:09Z", originalPurchase: "2016-08-27T01:33:10Z",
                expires: "2016-08-27T01:38:09Z", webOrder: 1000000033124410, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232253448", original: "1000000232253022",
                purchase: "2016-08-27T01:38:59Z", originalPurchase: "2016-08-27T01:38:59Z",
                expires: "2016-08-27T01:43:59Z", webOrder: 1000000033124418, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232253569", original: "1000000232253022",
                purchase: "2016-08-27T01:43:59Z", originalPurchase: "2016-08-27T01:43:35Z",
                expires: "2016-08-27T01:48:59Z", webOrder: 1000000033124427, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232254044", original: "1000000232253022",
                purchase: "2016-08-27T01:48:59Z", originalPurchase: "2016-08-27T01:48:20Z",
                expires: "2016-08-27T01:53:59Z", webOrder: 1000000033124437, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232254356", original: "1000000232253022",
                purchase: "2016-08-27T01:58:18Z", originalPurchase: "2016-08-27T01:58:19Z",
                expires: "2016-08-27T02:03:18Z", webOrder: 1000000033124446, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232267568", original: "1000000232253022",
                purchase: "2016-08-27T05:59:34Z", originalPurchase: "2016-08-27T05:59:35Z",
                expires: "2016-08-27T06:04:34Z", webOrder: 1000000033124466, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232267897", original: "1000000232253022",
                purchase: "2016-08-27T06:04:34Z", originalPurchase: "2016-08-27T06:03:46Z",
                expires: "2016-08-27T06:09:34Z", webOrder: 1000000033124761, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "GWMONTHLY", transaction: "1000000232253022", original: "1000000232253022",
                purchase: "2016-08-27T01:24:31Z", originalPurchase: "2016-08-27T01:24:32Z",
                expires: "2016-08-27T01:27:31Z", webOrder: 1000000033124407, productType: 3, trial: true, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "appreceiptvalidator_production-macos-sha1-knowndevice_2017.der", environment: "Production",
        appItemID: 992076693, bundleID: "com.ideasoncanvas.MindNodeMac",
        appVersion: "2.5.5", type8: "2017-09-04T09:01:19Z", creation: "2017-09-04T09:01:20Z",
        originalPurchase: "2017-09-04T09:01:20Z", originalVersion: "2.5.5",
        ageRating: "4+", type11: 14265, type15: 64036287763356, type16: 823438246,
        expiration: nil, opaque: "9a31767f8c6716efcbe09de6b09d5fc5", hash: "81f334233bbf78a30144b6c9aa54d7b4dbef9acb",
        payloadSize: 542,
        inAppCount: 0, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 25],
        inApps: []),
    ExpectedReceipt(
        file: "appreceiptvalidator_production-macos-wwdrG5-sha256-knowndevice_2023.der", environment: "Production",
        appItemID: 1289197285, bundleID: "com.ideasoncanvas.mindnode.macos",
        appVersion: "2023.2.2", type8: "2023-08-28T10:24:05Z", creation: "2023-08-28T10:24:05Z",
        originalPurchase: "2017-11-28T11:11:32Z", originalVersion: "5.0",
        ageRating: "4+", type11: 14265, type15: 111024233999677, type16: 859301988,
        expiration: nil, opaque: "566592fca1737c2d6cbdd2a5fdf136f3", hash: "a83317971dddd06db40a56af795e9da4f3c70d18",
        payloadSize: 1763,
        inAppCount: 3, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 25],
        inApps: [
            .init(
                product: "com.ideasoncanvas.mindnode.macos.iap.trial", transaction: "710000250371060",
                original: "710000250371060", purchase: "2017-11-28T11:13:57Z", originalPurchase: "2017-11-28T11:13:57Z",
                expires: nil, webOrder: 0, productType: 0, trial: false, intro: nil, quantity: 1, promo: nil,
                emptyDates: [1708, 1712]),
            .init(
                product: "com.ideasoncanvas.mindnode.macos.iap.fullversionfree", transaction: "710000253893482",
                original: "710000253893482", purchase: "2017-12-13T14:04:33Z", originalPurchase: "2017-12-13T14:04:33Z",
                expires: nil, webOrder: 0, productType: 0, trial: false, intro: nil, quantity: 1, promo: nil,
                emptyDates: [1708, 1712]),
            .init(
                product: "com.ideasoncanvas.mindnode.macos.subscription.yearly", transaction: "710000831465389",
                original: "710000831465389", purchase: "2021-09-10T12:37:29Z", originalPurchase: "2021-09-10T12:37:34Z",
                expires: "2022-09-24T12:37:29Z", webOrder: 710000353660114, productType: 3, trial: true, intro: false,
                quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "appreceiptvalidator_sandbox-ios-wwdrG7-sha1-knowndevice_2023.der", environment: "ProductionSandbox",
        appItemID: 0, bundleID: "com.hannesoid.PurchasingExperiments",
        appVersion: "1", type8: "", creation: "2023-02-22T14:30:15Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "08f62ecb7b2cb26d8e424b390df6afd5", hash: "81fc543d08dd23b39424545c497ec797ff7c2692",
        payloadSize: 1305,
        inAppCount: 2, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "com.hannesoid.PurchasingExperiments.oneTime", transaction: "2000000284164152",
                original: "2000000284164152", purchase: "2023-02-22T14:29:20Z",
                originalPurchase: "2023-02-22T14:29:20Z", expires: nil, webOrder: 0, productType: 0, trial: false,
                intro: nil, quantity: 1, promo: nil, emptyDates: [1708, 1712]),
            .init(
                product: "com.hannesoid.PurchasingExperiments.subscription1", transaction: "2000000284164527",
                original: "2000000284164527", purchase: "2023-02-22T14:29:39Z",
                originalPurchase: "2023-02-22T14:29:44Z", expires: "2023-02-22T14:34:39Z", webOrder: 2000000021470597,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "appreceiptvalidator_sandbox-ios-sha1-knowndevice_2017.der", environment: "ProductionSandbox",
        appItemID: 0, bundleID: "com.mindnode.mindnodetouch",
        appVersion: "3394", type8: "", creation: "2017-09-11T09:38:34Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "62c96e7e93a7b44940d9282365cfc167", hash: "77750f36f626505f043b27c1f40a7c5411131db1",
        payloadSize: 555,
        inAppCount: 0, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 25],
        inApps: []),
    ExpectedReceipt(
        file: "appreceiptvalidator_sandbox-ios-7iap-wwdr2008_2015.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.mbaasy.ios.demo",
        appVersion: "1", type8: "", creation: "2015-08-13T07:50:46Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "c4dd4054b0b61a07beb585f6a842e048", hash: "2e0a115beac1c57023a5bd37349955a9ad99db4d",
        payloadSize: 3046,
        inAppCount: 7, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "consumable", transaction: "1000000166865231", original: "1000000166865231",
                purchase: "2015-08-07T20:37:55Z", originalPurchase: "2015-08-07T20:37:55Z", expires: nil, webOrder: 0,
                productType: 1, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1708, 1712]),
            .init(
                product: "monthly", transaction: "1000000166965150", original: "1000000166965150",
                purchase: "2015-08-10T06:49:32Z", originalPurchase: "2015-08-10T06:49:33Z",
                expires: "2015-08-10T06:54:32Z", webOrder: 1000000030274153, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "monthly", transaction: "1000000166965327", original: "1000000166965150",
                purchase: "2015-08-10T06:54:32Z", originalPurchase: "2015-08-10T06:53:18Z",
                expires: "2015-08-10T06:59:32Z", webOrder: 1000000030274154, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "monthly", transaction: "1000000166965895", original: "1000000166965150",
                purchase: "2015-08-10T06:59:32Z", originalPurchase: "2015-08-10T06:57:34Z",
                expires: "2015-08-10T07:04:32Z", webOrder: 1000000030274165, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "monthly", transaction: "1000000166967152", original: "1000000166965150",
                purchase: "2015-08-10T07:04:32Z", originalPurchase: "2015-08-10T07:02:33Z",
                expires: "2015-08-10T07:09:32Z", webOrder: 1000000030274192, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "monthly", transaction: "1000000166967484", original: "1000000166965150",
                purchase: "2015-08-10T07:09:32Z", originalPurchase: "2015-08-10T07:08:30Z",
                expires: "2015-08-10T07:14:32Z", webOrder: 1000000030274219, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "monthly", transaction: "1000000166967782", original: "1000000166965150",
                purchase: "2015-08-10T07:14:32Z", originalPurchase: "2015-08-10T07:12:34Z",
                expires: "2015-08-10T07:19:32Z", webOrder: 1000000030274249, productType: 3, trial: false, intro: nil,
                quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "revenuecat_sandbox-ios-9iap-sha1_2020.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.revenuecat.sampleapp",
        appVersion: "4", type8: "", creation: "2020-07-22T17:39:08Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "4b961fc7ecaf75a6bd3b9c3a12f0ee64", hash: "75e515e631e505bb43f1c9be5c1818ffde68ef3c",
        payloadSize: 4211,
        inAppCount: 9, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692879214",
                original: "1000000692878476", purchase: "2020-07-14T19:36:40Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T19:41:40Z", webOrder: 1000000054042695,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692901513",
                original: "1000000692878476", purchase: "2020-07-14T21:42:57Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T21:47:57Z", webOrder: 1000000054042739,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692902182",
                original: "1000000692878476", purchase: "2020-07-14T21:47:57Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T21:52:57Z", webOrder: 1000000054044460,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692902990",
                original: "1000000692878476", purchase: "2020-07-14T21:52:57Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T21:57:57Z", webOrder: 1000000054044520,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692905419",
                original: "1000000692878476", purchase: "2020-07-14T21:57:57Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T22:02:57Z", webOrder: 1000000054044587,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692905971",
                original: "1000000692878476", purchase: "2020-07-14T22:02:57Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T22:07:57Z", webOrder: 1000000054044637,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692906727",
                original: "1000000692878476", purchase: "2020-07-14T22:08:20Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T22:13:20Z", webOrder: 1000000054044710,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.annual_39.99.2_week_intro", transaction: "1000000696553650",
                original: "1000000692878476", purchase: "2020-07-22T17:39:06Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-22T18:39:06Z", webOrder: 1000000054044800,
                productType: 3, trial: false, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.revenuecat.monthly_4.99.1_week_intro", transaction: "1000000692878476",
                original: "1000000692878476", purchase: "2020-07-14T19:33:26Z",
                originalPurchase: "2020-07-14T19:33:27Z", expires: "2020-07-14T19:36:26Z", webOrder: 1000000054042694,
                productType: 3, trial: true, intro: false, quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "revenuecat_sandbox-ios-sha1_2018.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.belive.app.ios",
        appVersion: "3", type8: "", creation: "2018-11-13T16:46:31Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "34e2349b0bd662e4ec127a6bfd10af24", hash: "27384ed414759313951ab084a902e4c2f52e64ff",
        payloadSize: 838,
        inAppCount: 1, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "test2", transaction: "1000000472106082", original: "1000000472106082",
                purchase: "2018-11-13T16:46:31Z", originalPurchase: "2018-11-13T16:46:31Z", expires: nil, webOrder: 0,
                productType: 1, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1708, 1712])
        ]),
    ExpectedReceipt(
        file: "kvitto_production-macos-xcodeapp-wwdr2008_2015.der", environment: "Production", appItemID: 497799835,
        bundleID: "com.apple.dt.Xcode",
        appVersion: "7.0", type8: "2015-09-22T08:55:28Z", creation: "2015-09-22T08:55:28Z",
        originalPurchase: "2012-02-16T14:01:23Z", originalVersion: "4.3",
        ageRating: "4+", type11: 2003, type15: 30015324719813, type16: 813293765,
        expiration: nil, opaque: "0efd9824beabe294fd3f37fc0f90656f", hash: "1d6c9d0e4e345a55121642e3d199aaf5d46f4b1e",
        payloadSize: 505,
        inAppCount: 0, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 25],
        inApps: []),
    ExpectedReceipt(
        file: "kvitto_sandbox-ios-6iap-wwdr2008_2015.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.cocoanetics.EmmiView",
        appVersion: "246", type8: "", creation: "2015-05-25T15:22:10Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "29a10e3ece3a85b9083a503fe206e33d", hash: "f40800bfbb9bae9df4344ff7ee409871fd490895",
        payloadSize: 2833,
        inAppCount: 6, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156449405",
                original: "1000000156444989", purchase: "2015-05-23T15:06:02Z",
                originalPurchase: "2015-05-23T14:54:08Z", expires: "2015-05-24T03:06:02Z", webOrder: 1000000029801037,
                productType: 3, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156456797",
                original: "1000000156444989", purchase: "2015-05-24T03:06:02Z",
                originalPurchase: "2015-05-24T02:54:05Z", expires: "2015-05-24T15:06:02Z", webOrder: 1000000029801406,
                productType: 3, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156472521",
                original: "1000000156444989", purchase: "2015-05-24T15:06:02Z",
                originalPurchase: "2015-05-24T14:54:04Z", expires: "2015-05-25T03:06:02Z", webOrder: 1000000029802952,
                productType: 3, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156489431",
                original: "1000000156444989", purchase: "2015-05-25T03:06:02Z",
                originalPurchase: "2015-05-25T02:54:03Z", expires: "2015-05-25T15:06:02Z", webOrder: 1000000029804370,
                productType: 3, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156578120",
                original: "1000000156444989", purchase: "2015-05-25T15:06:02Z",
                originalPurchase: "2015-05-25T14:55:31Z", expires: "2015-05-26T03:06:02Z", webOrder: 1000000029805948,
                productType: 3, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
            .init(
                product: "com.cocoanetics.EmmiView.OneMonth", transaction: "1000000156444989",
                original: "1000000156444989", purchase: "2015-05-23T12:18:02Z",
                originalPurchase: "2015-05-23T12:18:03Z", expires: "2015-05-23T15:06:02Z", webOrder: 1000000029801036,
                productType: 3, trial: true, intro: nil, quantity: 1, promo: nil, emptyDates: [1712]),
        ]),
    ExpectedReceipt(
        file: "kvitto_xcode12-storekit_2020.der", environment: "Xcode", appItemID: 0, bundleID: "com.rd.eehelper",
        appVersion: "2020.10.02.1149", type8: "", creation: "2020-10-16T14:29:30+0300",
        originalPurchase: nil, originalVersion: nil,
        ageRating: nil, type11: nil, type15: nil, type16: nil,
        expiration: "4001-01-01T02:00:00+0200", opaque: "345df9b70c000000",
        hash: "eb92032f621090a22c7b56cb06e05245349cc918", payloadSize: 396,
        inAppCount: 1, types: [0, 1, 2, 3, 4, 5, 8, 12, 17, 21],
        inApps: [
            .init(
                product: "com.rd.eehelper.pro_subscription", transaction: "0", original: nil,
                purchase: "2020-10-16T14:29:30+0300", originalPurchase: nil, expires: "2021-10-16T14:29:30+0300",
                webOrder: nil, productType: nil, trial: nil, intro: false, quantity: 1, promo: nil, emptyDates: [])
        ]),
    ExpectedReceipt(
        file: "fullsailor-pkcs7_sandbox-ios-1707-1718-attrs_2016.der", environment: "ProductionSandbox", appItemID: 0,
        bundleID: "com.zhihu.test",
        appVersion: "1", type8: "", creation: "2016-07-23T06:21:11Z",
        originalPurchase: "2013-08-01T07:00:00Z", originalVersion: "1.0",
        ageRating: "4+", type11: 0, type15: 0, type16: 0,
        expiration: nil, opaque: "92f9938334c1f04f53738166035f2599", hash: "e27461602119c7bd05973bfb86f2518c965c9182",
        payloadSize: 836,
        inAppCount: 1, types: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25],
        inApps: [
            .init(
                product: "com.zhihu.test.test_1", transaction: "1000000225325901", original: "1000000225325901",
                purchase: "2016-07-23T06:21:11Z", originalPurchase: "2016-07-23T06:21:11Z", expires: nil, webOrder: 0,
                productType: 1, trial: false, intro: nil, quantity: 1, promo: nil, emptyDates: [1708, 1712])
        ]),
]
