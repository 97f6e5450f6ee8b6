// Usage: the text `--help` prints, one per subcommand (`purereceipt verify --help`, `purereceipt
// help verify`) and one for the whole tool (`purereceipt --help`), which is the three together.

enum Usage {
    static let verify = """
        usage: purereceipt verify [options] [FILE]   FILE, or '-' for standard input (with no FILE,
                                                     standard input unless it is a terminal)
        Checks the signature, the certificate chain, then every check you ask for.
          --root FILE          trust this anchor certificate (DER or PEM) instead of the built-in
                               Apple root (Apple Inc. Root CA for receipts, Apple Root CA - G3 for
                               JWS); repeatable. Apple's marker-OID chain policy still applies.
          --xcode-root FILE    also accept Xcode StoreKit-testing receipts or signed data signed by
                               this self-signed certificate (such data proves nothing about a
                               purchase)
          --at TIME            evaluate certificate validity at TIME (RFC 3339, e.g.
                               2026-01-01T00:00:00Z) instead of the receipt creation date (JWS:
                               the payload's signedDate; AppTransaction: receiptCreationDate;
                               legacy: the purchase date)
          --bundle-id ID       require this bundle identifier
          --device-id ID       require the device hash to match (a UUID in text form, or hex
                               bytes); for JWS: the device verification UUID (deviceVerification)
          --environment LIST   accept only these environments, comma-separated, any letter case:
                               Production, Sandbox (= ProductionSandbox), ProductionVPP,
                               ProductionVPPSandbox, Xcode, LocalTesting. Each is compared exactly
                               with the input in its format's own spelling (an app receipt's sandbox
                               is ProductionSandbox, StoreKit 2's and a legacy receipt's Sandbox); a
                               name the input's format cannot carry exits 2. Default: app receipts
                               the four Production… values (plus Xcode with --xcode-root); others
                               not requested.
          --quiet              print nothing on stdout: the exit status is the answer (a failure
                               still writes its one line on stderr); not with --json
          --json               print a JSON document instead of text (always one document on
                               stdout, failures included): verifyReceipt-compatible for receipts;
                               for JWS {"verdict", "kind", "environment", "payload": Apple's JSON, …}
        app receipts only:
          --bundle-version V   require this bundle version
          --endpoint E         production or sandbox: emulate that verifyReceipt endpoint; a
                               receipt from the other environment fails (status 21007 / 21008)
          --now TIME           current time for the VPP expiration check (default: the clock)
        StoreKit 2 signed data only (JWS, notification bodies):
          --app-apple-id N     the app's Apple id: compared where the data names one; required for
                               Production data
          --kind K             transaction, renewal, app-transaction, notification or
                               realtime-request (default: from the payload, read after the
                               signature verified; a {"signedPayload"} body is a notification
                               unless its payload is a Retention Messaging realtime request)
          --accept-unstated-environment
                               accept data that names no environment (older than the field) as
                               the policy's environment (Production unless --environment says
                               otherwise); the report says "environment not stated"
        legacy transaction receipts only:
          --product-id ID      require this product-id (in the signed purchase-info)
        An option that does not apply to the input's format exits 2 (input.optionNotApplicable).

        several inputs: purereceipt verify [options] FILE|DIR...   or   purereceipt verify --ndjson [FILE...]
          Each FILE is one input; a DIR is every file below it, sorted by path (symbolic links followed,
          loops detected; an entry that cannot be read is an error line). One line per input, in order: "ID: VERDICT FORMAT[: CODE: MESSAGE]". The options apply to every
          input; one that does not fit an input's format is that input's failure.
          --ndjson             one input per line of standard input (or of each FILE), and one JSON
                               line per input: {"id", "format", "verdict", "code", "message",
                               "result": the --json document}. A line is a bare input or an object
                               {"id": …, "receipt-data" | "signedPayload" | "signedTransaction" |
                               "signedTransactionInfo" | "signedRenewalInfo" |
                               "signedAppTransactionInfo" | "signedAppTransaction": "…"}; id
                               defaults to the line number (FILE:LINE in a FILE). Lines over 1 MiB
                               get an input.lineTooLong line; blank lines are skipped.
          --jobs N             verify N inputs at a time (default: the machine's cores), sharing
                               one certificate chain cache
          --revocation S       off (default) | prefer | require: OCSP, then the CRL, for each
                               certificate below the root, for one input or all of them (one
                               fetch per certificate for the run); revoked: exit 1; require
                               without a fresh good status: undetermined, exit 75
          --revocation-cache DIR  keep verified responses in DIR until their nextUpdate
          --offline            with --revocation: never fetch, DIR only
          exit status: 2 if any input is malformed or unreadable, else 75 if any is undetermined
          (retrying later can help), else 1 if any is not genuine or failed a check, else 0; a
          count line goes to stderr (and progress, when it is a terminal).

        input: an app receipt (DER/BER, or its base64), a legacy transaction receipt (iOS 3–6: the
               old-style plist, or its base64), StoreKit 2 signed data (a compact JWS: a
               transaction, renewal info, AppTransaction, notification or realtime request payload)
               or a notification or realtime request body ({"signedPayload": "…"}); the format is
               detected. For legacy receipts, --root
               certificates that are not self-issued act as the pinned intermediates.

        exit status: 0 genuine and every requested check holds; 1 not genuine or a check failed; 2 not well-formed,
                     unreadable, or an input the options do not apply to; 64 usage error (from the
                     command line alone); 75 undetermined (--revocation require without a fresh
                     good status: retrying later can help)
        """

    static let inspect = """
        usage: purereceipt inspect [--json] [FILE]   FILE, or '-' for standard input (with no FILE,
                                                     standard input unless it is a terminal)
        Decodes WITHOUT verifying anything: every output says "unverified". For an app receipt:
        its attributes (named and raw), in-app purchases, certificates and signer; for StoreKit 2
        signed data: the header, payload and x5c certificates; for a legacy receipt: its pairs and
        embedded certificate. Each certificate's OCSP responder and CRL URLs are named (ocsp, crl).
          --json               print a JSON document ("verified": false) instead of text

        input: an app receipt, a legacy transaction receipt or StoreKit 2 signed data, as for verify.

        exit status: 0 decoded (which proves nothing); 2 not well-formed or unreadable; 64 usage
                     error
        """

    static let dump = """
        usage: purereceipt dump [--json] [FILE]      FILE, or '-' for standard input (with no FILE,
                                                     standard input unless it is a terminal)
        Shows the input's structure, without verifying anything. For an app receipt: the annotated
        ASN.1 tree (offsets, header and content lengths, tags, values, receipt attribute names);
        for StoreKit 2 signed data: the protected header, the x5c certificates, the payload JSON
        and the signature; for a legacy receipt: the plist pairs with their byte offsets and the
        signature blob's layout.
          --json               print the dump as one JSON document ("verified": false; its shape
                               is in README.md, "dump --json")

        input: an app receipt, a legacy transaction receipt or StoreKit 2 signed data, as for verify.

        exit status: 0 dumped (which proves nothing); 2 not well-formed or unreadable; 64 usage
                     error
        """

    /// `purereceipt` alone: the commands, and where their options are.
    static let short = """
        usage: purereceipt verify [options] [FILE | DIR...]   verify (several inputs: FILEs, DIRs, --ndjson)
               purereceipt inspect [--json] [FILE]           decode without verifying
               purereceipt dump [--json] [FILE]              the structure, byte by byte
        Every option: purereceipt --help, or purereceipt help COMMAND.
        """

    /// `purereceipt --help`: every command.
    static let all = """
        usage: purereceipt verify [options] [FILE]
               purereceipt inspect [--json] [FILE]
               purereceipt dump [--json] [FILE]
               purereceipt sign promotional-offer | jws [options]
               purereceipt token [options]
               purereceipt verify --public-key FILE [JWS-FILE]
               purereceipt help [verify | inspect | dump | sign | token]
               purereceipt --help | --version
        Each command's own options: purereceipt COMMAND --help, or purereceipt help COMMAND.

        \(verify)

        \(inspect)

        \(dump)

        \(sign)

        \(token)

        \(verifyPublicKey)
        """

    /// The usage of `command`, or nil for a command that does not exist.
    static func of(_ command: String) -> String? {
        ["verify": verify, "inspect": inspect, "dump": dump, "sign": sign, "token": token][command]
    }
}
