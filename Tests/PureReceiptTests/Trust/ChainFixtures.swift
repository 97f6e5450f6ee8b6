// Extra certificates for the chain tests, issued under the committed test PKI (Vectors/pki: the
// root and the intermediate keys), for cases the vector suite does not need: a chain longer than
// Limits.maxChainLength, an RSA-1024 intermediate, a pathLenConstraint violation, a CA without
// keyCertSign, a leaf without digitalSignature, and an EC intermediate signing with ECDSA.
// Leaves are valid 2024-01-01 → 2026-01-01, CAs 2020-01-01 → 2040-01-01; all carry the Apple
// marker matching their role. Generated once with Python `cryptography` 48 by the script below
// (fresh keys each run, so regenerating changes the bytes but not what the tests check):
//
//   # Extra chain fixtures for Tests/PureX509Tests/ChainFixtures.swift, issued under the committed
//   # test root of Vectors/pki (root.key.pem, intermediate.key.pem). Prints the Swift file body.
//   import base64, datetime, sys
//   from cryptography import x509
//   from cryptography.x509.oid import NameOID
//   from cryptography.hazmat.primitives import hashes, serialization
//   from cryptography.hazmat.primitives.asymmetric import rsa, ec
//
//   PKI = sys.argv[1]
//   def load(name):
//       return serialization.load_pem_private_key(open(f"{PKI}/{name}.key.pem", "rb").read(), None)
//   def cert(name):
//       return x509.load_der_x509_certificate(open(f"{PKI}/{name}.der", "rb").read())
//   LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
//   WWDR_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
//   NULL = b"\x05\x00"
//   def dt(y, m=1, d=1): return datetime.datetime(y, m, d, tzinfo=datetime.timezone.utc)
//   serial = [0x7000]
//   def make(cn, key, issuer_cert, issuer_key, ca, marker, path_len=None, usage="ca", algorithm=hashes.SHA256(),
//            valid=(dt(2020), dt(2040))):
//       serial[0] += 1
//       b = (x509.CertificateBuilder()
//            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn),
//                                     x509.NameAttribute(NameOID.ORGANIZATION_NAME, "PureReceipt X509 Tests")]))
//            .issuer_name(issuer_cert.subject)
//            .public_key(key.public_key()).serial_number(serial[0])
//            .not_valid_before(valid[0]).not_valid_after(valid[1])
//            .add_extension(x509.BasicConstraints(ca=ca, path_length=path_len), critical=True))
//       ku = dict(digital_signature=False, content_commitment=False, key_encipherment=False, data_encipherment=False,
//                 key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False)
//       if usage == "ca": ku.update(key_cert_sign=True, crl_sign=True)
//       elif usage == "sign": ku.update(digital_signature=True)
//       elif usage == "encipher": ku.update(key_encipherment=True)
//       b = b.add_extension(x509.KeyUsage(**ku), critical=True)
//       if marker is not None:
//           b = b.add_extension(x509.UnrecognizedExtension(marker, NULL), critical=False)
//       if isinstance(issuer_key, ec.EllipticCurvePrivateKey):
//           return b.sign(issuer_key, hashes.SHA256())
//       return b.sign(issuer_key, algorithm)
//
//   root, root_key = cert("root"), load("root")
//   inter, inter_key = cert("intermediate"), load("intermediate")
//   def rsa_key(bits=2048): return rsa.generate_private_key(public_exponent=65537, key_size=bits)
//   LEAF_VALID = (dt(2024), dt(2026))
//   out = {}
//   # A chain of four CA intermediates: root → long1 → long2 → long3 → long4 → longLeaf.
//   issuer, issuer_key = root, root_key
//   for i in range(1, 5):
//       k = rsa_key()
//       c = make(f"Long Chain CA {i}", k, issuer, issuer_key, True, WWDR_MARKER)
//       out[f"long{i}"] = c
//       issuer, issuer_key = c, k
//   out["longLeaf"] = make("Long Chain Leaf", rsa_key(), issuer, issuer_key, False, LEAF_MARKER, usage="sign", valid=LEAF_VALID)
//   # An RSA-1024 intermediate with the WWDR marker, and a leaf under it.
//   k = rsa_key(1024)
//   out["smallKeyIntermediate"] = make("Small Key CA", k, root, root_key, True, WWDR_MARKER)
//   out["smallKeyLeaf"] = make("Small Key Leaf", rsa_key(), out["smallKeyIntermediate"], k, False, LEAF_MARKER, usage="sign", valid=LEAF_VALID)
//   # pathLenConstraint 0 followed by another CA: root → pathLenZero → subCA → subLeaf.
//   k0 = rsa_key()
//   out["pathLenZero"] = make("Path Length Zero CA", k0, root, root_key, True, WWDR_MARKER, path_len=0)
//   k1 = rsa_key()
//   out["underPathLenZero"] = make("CA Under Path Length Zero", k1, out["pathLenZero"], k0, True, WWDR_MARKER)
//   out["underPathLenZeroLeaf"] = make("Leaf Under Path Length Zero", rsa_key(), out["underPathLenZero"], k1, False, LEAF_MARKER, usage="sign", valid=LEAF_VALID)
//   # A CA whose keyUsage lacks keyCertSign.
//   k = rsa_key()
//   out["noCertSign"] = make("No Cert Sign CA", k, root, root_key, True, WWDR_MARKER, usage="sign")
//   out["noCertSignLeaf"] = make("Leaf Under No Cert Sign CA", rsa_key(), out["noCertSign"], k, False, LEAF_MARKER, usage="sign", valid=LEAF_VALID)
//   # A leaf under the genuine intermediate whose keyUsage lacks digitalSignature.
//   out["encipherOnlyLeaf"] = make("Key Encipherment Leaf", rsa_key(), inter, inter_key, False, LEAF_MARKER, usage="encipher", valid=LEAF_VALID)
//   # A P-256 intermediate (signed by the RSA root) and an RSA leaf it signs with ECDSA.
//   k = ec.generate_private_key(ec.SECP256R1())
//   out["ecIntermediate"] = make("EC P-256 CA", k, root, root_key, True, WWDR_MARKER)
//   out["ecIntermediateLeaf"] = make("Leaf Under EC CA", rsa_key(), out["ecIntermediate"], k, False, LEAF_MARKER, usage="sign", valid=LEAF_VALID)
//
//   for name, c in out.items():
//       b64 = base64.b64encode(c.public_bytes(serialization.Encoding.DER)).decode()
//       lines = [b64[i:i+100] for i in range(0, len(b64), 100)]
//       print(f"    static let {name} = certificate(")
//       print('        """')
//       for l in lines: print("        " + l)
//       print('        """)')

import Foundation
import PureX509

enum ChainFixtures {
    private static func certificate(_ base64: String) -> [UInt8] {
        [UInt8](Data(base64Encoded: base64.replacingOccurrences(of: "\n", with: "")) ?? Data())
    }

    static let long1 = certificate(
        """
        MIIDajCCAlKgAwIBAgICcAEwDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMDsxGDAWBgNVBAMMD0xvbmcgQ2hhaW4gQ0EgMTEfMB0G
        A1UECgwWUHVyZVJlY2VpcHQgWDUwOSBUZXN0czCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAOABekFFRIVEetYtjKPA
        o1uP1h98/jWqD6qn3Q7kDXuDmW8loNtvIbrE2+Q/U0wko6oNNfaWIT923hy9WHZkVAaciFsBDkCOwI5IbXurIf+mas33LCXZuwF6
        a5tTEEm19s3UJ4/eBVkBJJ3OhAKvPrQQVTUjHS/S8e2/vY6vh9w7RfehV90o1uq389q+5zSyB0ogSkWxKVNpuqIxeCvuWBI97WOk
        6aM6pgvUCRdE7aONM3fwZQCfqNPLuq5+XJYKb+3god5cziAKnNqf8Y0a1c2MCwkc5mJIWte+C8fkDtpRqgZsJKEqRs7R8zCl+cxH
        1+k/BCpuo3tGn7tQRQ3EJl0CAwEAAaM1MDMwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYwEAYKKoZIhvdjZAYCAQQC
        BQAwDQYJKoZIhvcNAQELBQADggEBAJV+j9eKhqye2kfvTQusvtVX+VhkQWSvlV9FsGDkx2it7/vHu2wCLG4jF9dVehS70hfk7g1q
        SlJba9wWw8yWPQVY49VIzT2J+LKLbdBEjLFkPaCRw+h+gzc8mO7pyPw94JQyYCCJvilIK6r18C3w8KjoIoaQGAEvHqS+2fpqYaGA
        3a0dgdNNTQBCsT4Cm8mZjVmEaS6+89ioy1v3iXL4XSIw4hvtGS9Vzc6hdl6V7AFJsIZTFBUBPWqGh4f2yofj9u/ogaQCdU1iNmA2
        f29Dp65VjWnafkySBJRB9iYZZCr7qPfi2jOL8ibsWzYcB6yn/M4Sv0/4x+PZh82g0jZ8rvw=
        """)
    static let long2 = certificate(
        """
        MIIDJzCCAg+gAwIBAgICcAIwDQYJKoZIhvcNAQELBQAwOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBDQSAxMR8wHQYDVQQKDBZQdXJl
        UmVjZWlwdCBYNTA5IFRlc3RzMB4XDTIwMDEwMTAwMDAwMFoXDTQwMDEwMTAwMDAwMFowOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBD
        QSAyMR8wHQYDVQQKDBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA542BjYeT
        ilYwAQu5w+VyXKVZ7+Ex+DGReAXWcfDm+2ExwQUnQo60fhv5Gam4ac+ks0DGGx5TOMb+Uz6AFYz1k/VdELE5XgpQhuiTBHQRHcqF
        PibPWNqWM8HKDLUP8INlbafsH5O0H+DasQd+V/DwtNzyxFNKjeppyKERBDAhGb/vAZIjvVGDSHaS3QZ0yhFZTcy/7MpuJtsUqV5i
        /9IkjRMDCyXd+5rO3Q8+tURxjqdXWwxD8kNR5q0Rx+N2+C0jVCkt6htXWkJaquy3LJuUqkCyyHhFipptBRRWn+QriynM8GzFCOt9
        RnuhNUnh2FADLirZpjMgRZrHCpPVmNf6fwIDAQABozUwMzAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAQBgoqhkiG
        92NkBgIBBAIFADANBgkqhkiG9w0BAQsFAAOCAQEAxy7cJXmeXDbkwTjdMbspOQ8vUS2GoaOzhb6z0NbBIzwVDhmGNROPV+9DJTX8
        RRlXO6DKHBJ+a1u0c2uqtVc9+eSIfPfH+V8yNr8pjNE1XyxDtcJST/fx7l0wasNURA7RV1oWFI7zJxmG4voDXH5SLem8pNRmoIAa
        AGo84FOMakQip+BBh5q+ZBKD2t/t/5gbhecmM3Eg4fwOt02vq7EGPvi/45NaGDSBrBl60Cg4blYiHdKvHFlbLZLlPBX16Nrdudqg
        J0wHWIGciVTG8Qflq8X/qEwTMTpwOE6NBASQWV/KThi97mxb+e6D7DRBR1tsBin1bmPyY3eiVgWe0l+sfA==
        """)
    static let long3 = certificate(
        """
        MIIDJzCCAg+gAwIBAgICcAMwDQYJKoZIhvcNAQELBQAwOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBDQSAyMR8wHQYDVQQKDBZQdXJl
        UmVjZWlwdCBYNTA5IFRlc3RzMB4XDTIwMDEwMTAwMDAwMFoXDTQwMDEwMTAwMDAwMFowOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBD
        QSAzMR8wHQYDVQQKDBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAnA+ECqaZ
        Onpi/yYPrf3hmAXhK/Jct2+z9Yzu+oSxGsSP3gFr9o0mB6wiBHI2VVpxpD+r1n89nfmHjIc+Xju4FebvDyjLoyDAeFSI+AEwtGO+
        zRRL1LbyoE3kaoqERBbo2ADu0Rw6e52ZJxPj/wAxV0Hkgk/MuykqZv6Heu0pu4ZozPc9G39pu13+c/Y9PxeVypvuTFWgQ6OEU3IX
        FG006J8Kp9LL+oT+sP2VDM2hgQuKUB92RFkQ/C8QyLTCFoCVRijidEOfXrrRe/9+MjIT5Xtqq+XDbKCGurIu8n4lMxjiZjFPMANG
        E9aeAMZfxBlP3/pBUE+YufJf98YCODExGQIDAQABozUwMzAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAQBgoqhkiG
        92NkBgIBBAIFADANBgkqhkiG9w0BAQsFAAOCAQEARysgErvhszcUaS/Z/VMRbwcEUWU0U4LIQVwxeZfLvA2Bem/lem/x1cbSumnD
        v7vlsTCsyJvYqy6SgTqjKOnLkvMwNjXvhOchAbi7BKGOueL4qA2secJQC/XWu3WOHlsfgydCHuJKW4+mRmBUsrY7QJG0OPebtlZu
        yhPj3DwSqontbTXFpUJNwLSiQN9CnBoXPm3u65LeY/gqr+JM4wlNPAbllIXkgGf6d711ZiFlBb96lrSgygrD9yyatP3j0b7uGr90
        3Xba+RlBOgTJfsVzQQmdbHSI/1+QeZIPgXKW4i3Iiiaz7PQvtxFwwKMsRa4xPTBtZwyJcSZsn07HhoJ73g==
        """)
    static let long4 = certificate(
        """
        MIIDJzCCAg+gAwIBAgICcAQwDQYJKoZIhvcNAQELBQAwOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBDQSAzMR8wHQYDVQQKDBZQdXJl
        UmVjZWlwdCBYNTA5IFRlc3RzMB4XDTIwMDEwMTAwMDAwMFoXDTQwMDEwMTAwMDAwMFowOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBD
        QSA0MR8wHQYDVQQKDBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsH+pX04h
        Cjk6vGvT6QYkuZOz444OMqEqWnse+oQn9ohslRfT9e9jv80WPg7Q2+mE5Bdbkm/j9KU3/nFTdII7wpeWnI7KCtjdONFrrbP4RUhv
        rJtmxV5SakPBCZCtLmKLRGJ36soQTwR8ty48I9asPLtUOymvtsuUN2MvV90bnY9Edseo5hYdqXIxmPIe81npsUGohbFo1WK7Ktaj
        LlXPBqPVjmsLRZvGFDyzhdoAoIyT1v47veXZ6XGMhx6TmSNKmfLG1ZQ1G1pRv6c/PstAlmuFD0xQK3f7G0L76YW/rri7mOKpNAVg
        TceTiPA8E74JVkkhJd596QxJ6jVv7rSYXQIDAQABozUwMzAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIBBjAQBgoqhkiG
        92NkBgIBBAIFADANBgkqhkiG9w0BAQsFAAOCAQEABDkBolGXsOdkbq5vsCchcyAkjyQj4WLsNVH8CgZSNmxi7zf0Q+iid/32XWPE
        slRB0Ay+PwLTK7LMcLN9DdfCl6pWfW6AD+rdRhevcpkdhxSvjaxNZ5095c4e9q7IswQC9A3kLD3afchh8ZUz2zydJ+RZSeKraYXo
        1gek60orAJoeO8Y4fYp1f/7ix/DjwZtvHw+sp4MRkAeJlkrFW0qxB2BuJ7pDACMoxa5vJrk10WoA1Fa3vJ7HLvApn0B20tMRHUpO
        SWQDfw8Pnd5pGB0nB3POgK5sHGPxLatcXDhxFni/bszC+xBxJD8jAj3ge7b1+1+4j/QqicMlhugDmRpdNg==
        """)
    static let longLeaf = certificate(
        """
        MIIDJDCCAgygAwIBAgICcAUwDQYJKoZIhvcNAQELBQAwOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBDQSA0MR8wHQYDVQQKDBZQdXJl
        UmVjZWlwdCBYNTA5IFRlc3RzMB4XDTI0MDEwMTAwMDAwMFoXDTI2MDEwMTAwMDAwMFowOzEYMBYGA1UEAwwPTG9uZyBDaGFpbiBM
        ZWFmMR8wHQYDVQQKDBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0f6fLuag
        DNnTWOilrD3uI/8kQy7Fw7f32rWMXTcFrNPHFeqj/zovxTwA+H3FHet1MNhZFheRgFgYoO6bKujLDfWRoqCPMvyiBOmaFCSIq1OA
        owJIbw1h3Cjl0X8e9WuMRR7Hih2G62P6m73haKbBv5swa1ZTewfiLBwuncno5BsDWQh/86xkju5Z1Wp7cPtGueNFxgJRlJTwpG+H
        Piw/G/2CGV9cRnmOVZaT6evqwYFPhYoVy52YgRmFeOrACqCKQKbCEQnZ6e1122bXXqYKx/xCl6JXg4b+8hKkzx59TgLtd0v4+R2D
        XGAgf2Pr4KlvZhsCLwvoovfbF3PINhPH3wIDAQABozIwMDAMBgNVHRMBAf8EAjAAMA4GA1UdDwEB/wQEAwIHgDAQBgoqhkiG92Nk
        BgsBBAIFADANBgkqhkiG9w0BAQsFAAOCAQEAE8ELMwJFFAoE+MbhhHZpAyYnStoOWnmbS1Dsz+H0iL/61NViuLZTQGOaQXvXsQxp
        048fh26DCcUdvwNMsuwMjXuCjreuTESOqgoDNf7GlP62IzHZRvhhl+ttUDQImpYxJeMuIpr3iYCPrDswJ7700I6XM3SnBTwG11FQ
        oa0rQ7z2ThMyFmWlvBs1GjKRBMfpUTs8qOytkmYfdXCSESPlxSB6UCTVI6radu8GFDHCj1N3wZG1pss0Mjl2SNRlWUOWya1toomn
        xCyY8RWQNuDGpUrLsvECejhg5TgAePrg0qQja8YiirCQTQjFWQgGR18HnadIH1DSYEN1AKYTm8sZKw==
        """)
    static let smallKeyIntermediate = certificate(
        """
        MIIC4zCCAcugAwIBAgICcAYwDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMDgxFTATBgNVBAMMDFNtYWxsIEtleSBDQTEfMB0GA1UE
        CgwWUHVyZVJlY2VpcHQgWDUwOSBUZXN0czCBnzANBgkqhkiG9w0BAQEFAAOBjQAwgYkCgYEA5avP/1819/1TWAgtFzWjs7T6Z9UI
        J4Jrh5hYEtNXuJp288Gf5H9E7Jt4gd9QuwuypmxVwqhoqAHuDWRKE/GySWKmfR4PxPuv/6O03m+ESJDzTRqC0YjffW5NOYGzBASb
        EDi3cPq1TIhhL5qM+8+wv7tZ7W/k4BxGaRRoRhThbZ0CAwEAAaM1MDMwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCAQYw
        EAYKKoZIhvdjZAYCAQQCBQAwDQYJKoZIhvcNAQELBQADggEBAFvkQjdbNwhohXfxbr7ISAlUX4ZwURx28bcj/kCrR12RmvtaLE+Z
        FW0aVz6svFpUB4INAU835nas0g+C39JJHM+A7YEXpKqgNe2jjyai6Ey6gOBpPU9Ppmp9QnJsaWoMAluH27ZunfGsI0qmo3Fjcaib
        eXYUSi3KKWvJ2qqGUhgbqk2K49ncSwi47YxLuxWNI+ELB21zKKLSmR+YZ1I3Kta/SiAlF2Q0kQIDlkBfI8It8KXSW4HxEHwEXXrW
        1ceoMfVsw0DgJ9d/vBXpAsX5pGbuvSe2lYkVHAS/wwN/0xqt9cqbIUS1rTfTP8qFBZaTFC6c3GYc5pZA2ikOoX6MskA=
        """)
    static let smallKeyLeaf = certificate(
        """
        MIICnzCCAgigAwIBAgICcAcwDQYJKoZIhvcNAQELBQAwODEVMBMGA1UEAwwMU21hbGwgS2V5IENBMR8wHQYDVQQKDBZQdXJlUmVj
        ZWlwdCBYNTA5IFRlc3RzMB4XDTI0MDEwMTAwMDAwMFoXDTI2MDEwMTAwMDAwMFowOjEXMBUGA1UEAwwOU21hbGwgS2V5IExlYWYx
        HzAdBgNVBAoMFlB1cmVSZWNlaXB0IFg1MDkgVGVzdHMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDs4Jgbd6RvsFWB
        ajTS4lhRwAaHXnrr11f++51bMd+4+csftB1VZ1BjYhVmwhaD8vSpoNdMKdboGgewyOHEjngO+aFxMeFVEKm+7GD+ia2b3m7WLPhS
        6MqDXfc8IJo9Qaau3qBWnFpOOzInmeMeuqfNweh+SGSG0n1fUdUdyhQ45PSx6EZeuwAYjeIkdtvzT5gZ0htj+548/X1Gh1TO89Rt
        ymW/qXfQRACs4Ip7JvRu/bTV5NCxNzHa3a4zSvxcVDMhqlV7YZkknYE8u5ePc7Y0q0VfS0It41m+syb/G1Litjg/mEnQ2BN/hbsy
        X1lYzzWaLhzZMBDvyRzaqwJdS6afAgMBAAGjMjAwMAwGA1UdEwEB/wQCMAAwDgYDVR0PAQH/BAQDAgeAMBAGCiqGSIb3Y2QGCwEE
        AgUAMA0GCSqGSIb3DQEBCwUAA4GBACM41HkWTO3i5vSYLrZ0mD/pDhreuhQT+1pTXlQ/sXDPKR3W0nFtNrL8/A+00pw7WPxyBZWx
        nXqOhhxnW4frs5B+lpA+YYGot6O1CgnDObjeptGDAqBldbdSf7ZWORcXkQzhoprZqIzE5x80xwE1oItnEx0/iOb8kRsqm+Z1/5hN
        """)
    static let pathLenZero = certificate(
        """
        MIIDcTCCAlmgAwIBAgICcAgwDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMD8xHDAaBgNVBAMME1BhdGggTGVuZ3RoIFplcm8gQ0Ex
        HzAdBgNVBAoMFlB1cmVSZWNlaXB0IFg1MDkgVGVzdHMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEKAoIBAQDetAjKqW19Kkso
        z3KAsUB194YEPUryBJ5w29gA88pxwdqKPLH2pz6bpdlMqxreKc7jzw7HVAKzY/RRtxeykfBAxjo0g8/huwRXnMBf+bEZx8PNvhYW
        /uBwVX8JAr+Xiui+XP9Q5NGwzBo7MG9I+EKuSBqL8NmeWH9gbEG2KoYP053dNbWxhIAwaB2xVhBh4KNSP3CNkKOHxTqEk+jS9BKd
        DKCQO/exXcZpA2QSinBuQKWbgzl8z+DNZXisLG4iETHb9PjNRhfDndkRjKW8TAxSHswgAt5cbHjCU2DYmmLGk9uiqMNMQdD7xg+g
        QPIt3GDM2Ryllcfv7jxdmfhWjBOhAgMBAAGjODA2MBIGA1UdEwEB/wQIMAYBAf8CAQAwDgYDVR0PAQH/BAQDAgEGMBAGCiqGSIb3
        Y2QGAgEEAgUAMA0GCSqGSIb3DQEBCwUAA4IBAQBZ7rMbGpKv/+4pWLEL6Wcy4JT3DXGCc0YybmyMOj4ohtirBqZmt/EI3/QWaXtY
        JDn0Wlnvo8HoVd5gw8bwcI1kCDuVuSUa4rxHIiSiW8UlfKGEA88UQC2U/oZha0NAVad5L3Fw+EbHGqJ/1+SzO6272agASLwIuol8
        Erv5jMBC/UEv5MVXqpOg5EtfjLV4k4Sauz1U45HDO0EveWdnhwGAejVFHHaQWJq2RI1QQnG7KQnW7I4O8VPrPwWRnnnbrok1I/y9
        yGZg38IcUkwO1kH5UAdbVelv87ny4ojhp5UXNfbCckETTZ5neFiJYIentXViSrnN3qyzJqYzgb6yks4Y
        """)
    static let underPathLenZero = certificate(
        """
        MIIDNTCCAh2gAwIBAgICcAkwDQYJKoZIhvcNAQELBQAwPzEcMBoGA1UEAwwTUGF0aCBMZW5ndGggWmVybyBDQTEfMB0GA1UECgwW
        UHVyZVJlY2VpcHQgWDUwOSBUZXN0czAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMEUxIjAgBgNVBAMMGUNBIFVuZGVy
        IFBhdGggTGVuZ3RoIFplcm8xHzAdBgNVBAoMFlB1cmVSZWNlaXB0IFg1MDkgVGVzdHMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAw
        ggEKAoIBAQCtHUmBOaxws1TD+dfhePTpeH5jh5nTPijYBsiKEZirHx7WAovgmokAjryVLImEoQUoIDjFwskHL6/LnQgwGJPqwuC+
        IMBR0Mx/yjMYrkPqzfuRmsyYqtBfo5gyB21OdMDYviCSAoup6X8ks1968duPodrXWGzlXztKEXuFIpEhRalQUcyVotuouenwlIZf
        L2FA7ah+UjWmcvHHrwOvG1S2GZ0g+cASqj2OPk9AYyaMKoF7bLdc5HfKTSCnIpjL/dloBst1Zt2dmmNcox6PpAwBr233Y3TUFgxv
        kNHxDzaUsmz5Z9Idff4smBh0Wox3JcrdQw4s5uudyNFBfsi6Ax+JAgMBAAGjNTAzMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/
        BAQDAgEGMBAGCiqGSIb3Y2QGAgEEAgUAMA0GCSqGSIb3DQEBCwUAA4IBAQCNkA7kK30cI+zUajondYDRXcM26YDyW1VqP7aUsDQk
        aVzJ7ZQPCF0MwSK+Pg7do4vIbD2+C8l/8uRXUeqVJQ89Rv10X6Q/vJgmXpZBCyoVQDAg2L5TcQtXf1oUkG+SQAL8FbvzJl3RPYJP
        Zv+ATAAAJPJlzesphAvXOa0iJOZI+HKObxxBkEE+FCxnf6cG71BSzGWZqcUTtmh1m88QaPqtRtGC8wWQ+tpr+Itbk+YGKwNwCsAK
        CIxom1f1/FAD0t0tGh7o4JzTzlIwrxtigmOMRiQZM1IMd2wJYlmHrqP8G2gZo+B/CVj8LeZYhp0T4U2aKd2vljfy3jCeG15zSRD2
        """)
    static let underPathLenZeroLeaf = certificate(
        """
        MIIDOjCCAiKgAwIBAgICcAowDQYJKoZIhvcNAQELBQAwRTEiMCAGA1UEAwwZQ0EgVW5kZXIgUGF0aCBMZW5ndGggWmVybzEfMB0G
        A1UECgwWUHVyZVJlY2VpcHQgWDUwOSBUZXN0czAeFw0yNDAxMDEwMDAwMDBaFw0yNjAxMDEwMDAwMDBaMEcxJDAiBgNVBAMMG0xl
        YWYgVW5kZXIgUGF0aCBMZW5ndGggWmVybzEfMB0GA1UECgwWUHVyZVJlY2VpcHQgWDUwOSBUZXN0czCCASIwDQYJKoZIhvcNAQEB
        BQADggEPADCCAQoCggEBANaj3vaKwRGQT+HPqANWbfs5B0Yo/Gy7CuRFVhMNjfvAwqafbob3FAFEOwsHGT1ttvaox4GNCLIHeEv4
        PDMnRfF/HtvQZPqhODqxtK7ytk+AiuxHmAvjpa4RQYEzp0wkYN+kAlO+2/73thF78q/EPywhtyNyEYBiEXzG0vk/e+AbnaDj0ViI
        dabkUcP0YzOpowMaTzRVUwhz099q5CpLdMdVfy0Z433FR+TyiJ5F9Vqey/HSWgeH/1DDp1DmujY0X2WpHhikXyKcIWAKGZlXnaOi
        XwMdN+sDzHz7VbS4UNnDuh77m4ua88L9veDFpvpWUTkM4j/o8qf4wgjtjjVVpvcCAwEAAaMyMDAwDAYDVR0TAQH/BAIwADAOBgNV
        HQ8BAf8EBAMCB4AwEAYKKoZIhvdjZAYLAQQCBQAwDQYJKoZIhvcNAQELBQADggEBADl8ZcPcSe30+WOHHax+z+XcDw/lFvb7f4KG
        J1PGrgnikyiAlqMAveKvsODXfL07Jt4s4UUmJ8QODr5mFS8F73TJpyRl0mmDAFzYdiMff3NtJ6Em+rpUOyZ/IF9iFEU5EtJ73jPY
        XbU/wjSlXkypmj+ZkKKHtYc67EpSsVLHtR5Zmgcdcwvf6F9nll0hCifF/8LVfVD0PuJ9Il0JxbtnVPd/FFfMcQRuB1jZLop3iZ+j
        bOfhNGVIkgEllEiMlEqqYC+oMIxbsAWvgopsUeWHasIweSCp0I7RmplY0PI6qkHVPNPWt922HyAoYU2IOEwAXOXfxdGuhUkqIXuj
        f5IMn8o=
        """)
    static let noCertSign = certificate(
        """
        MIIDajCCAlKgAwIBAgICcAswDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMDsxGDAWBgNVBAMMD05vIENlcnQgU2lnbiBDQTEfMB0G
        A1UECgwWUHVyZVJlY2VpcHQgWDUwOSBUZXN0czCCASIwDQYJKoZIhvcNAQEBBQADggEPADCCAQoCggEBAKb95ClawTAatEhsSyfY
        x7jKJI4zPYyO7PfIXzbGXDSbJUL7d6LjgwJQrGen8Rezybn3kSxs4edF0rvjuy44iEmaTeZyaDmJoNVJLoPAyyYK5KY45HFgEIS7
        H5VB8MP33oy60g/7L7ufVTFHT+KzlsoGTf+u7X3wxiPPZywZZSI1RDYqlskBA5tDwB1v3IJX/l7WJnAzwBb90OMb32ggugKdbeL4
        jOakwqm+5w8z1bNRbRcRbPDyd8iXuZ7qgPZySrI/jd3MfYfXNVATSQdlGu5zC9ZZfTuyPPc4uIuBBhylRLNKC0tdTm1AcB31sXoy
        qUKdxmzCRFlmA29Gl9yNRpsCAwEAAaM1MDMwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMCB4AwEAYKKoZIhvdjZAYCAQQC
        BQAwDQYJKoZIhvcNAQELBQADggEBAI/OU+JbZw+BRixJ30j68YuVcr38+nqnPg78RYPQlQATuJ/uRZRp/Y+KgRzj4hUCH4jBianJ
        JfEz6Y0tMEIlDTI9eviI1D1CEn3UXZi27zblVeewxejOOW8EkW8S6LPCw1fb17MRGyTnsMxr5cpnNP9viHyB9vsUv5AlDORFsuqG
        yfBpIJXj2BB0o3R0uSeQODlPWo3YsY3wKoteFCHXjQEl3UkDR4lHN/MGe4EN0hHofTYJsXmxR81RacBApPw7z5JzpoyaMSWIAi6Y
        BKX0Y7Gx0bQSA+Lf8J8vH4Jsh0reKKmmd7GrNekZsZ6jy6SqPh+4eQCfqGQmHFT4Ju4co28=
        """)
    static let noCertSignLeaf = certificate(
        """
        MIIDLzCCAhegAwIBAgICcAwwDQYJKoZIhvcNAQELBQAwOzEYMBYGA1UEAwwPTm8gQ2VydCBTaWduIENBMR8wHQYDVQQKDBZQdXJl
        UmVjZWlwdCBYNTA5IFRlc3RzMB4XDTI0MDEwMTAwMDAwMFoXDTI2MDEwMTAwMDAwMFowRjEjMCEGA1UEAwwaTGVhZiBVbmRlciBO
        byBDZXJ0IFNpZ24gQ0ExHzAdBgNVBAoMFlB1cmVSZWNlaXB0IFg1MDkgVGVzdHMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK
        AoIBAQDqTKClYUDKfZyR9gT44GrCieLTCfpRw2YFlQxyQyNGH79FsD8mA85gGAqyVclzL7jBx+2eZvHa7a/t+9LwT7v+fJ7b9eeX
        m6Z25Boa0x26gCMZ/bJVi/s8SE6XQnsU7HBr3ahn5mNNvNaZUouDBTPGcijhH+RID8NCnAxOVjyp0WwTL4cWH0GKUFxWUlPkU+Vi
        WyrBM13Uko1h6aEP302eBT768zSSvreYRFoNz6H3BAjfRbTa0QENcmpnw+6nK8L2EhAGA8WgkDFEMANSRDRmjM46BDEHTFnigZmL
        Nx7bbDwPz+uNZtxsqyE2ObeJ0o7RL3mLZzfBsE2yPc9FLHUvAgMBAAGjMjAwMAwGA1UdEwEB/wQCMAAwDgYDVR0PAQH/BAQDAgeA
        MBAGCiqGSIb3Y2QGCwEEAgUAMA0GCSqGSIb3DQEBCwUAA4IBAQAauLmVQYR2zYZfq8xsk4JWjgDVxhuB9Ci69+mPbG/BWcmLX4Xz
        39pGzQANUxu4xHJ37GU1JTHszYls1LOZ7eIIQu46Kf+oq5sfXpjVqRtJxW0D/VyOIojEG1eRX6+nflEc7LmWSSU7lft6Cfjb/E3N
        n2V5+7oTRDcaeDFJVIxxspet3B+NtAvL4E7J4eS+0WD+P9iigl7pp5lhtBkaQryLRcOKp8mKa6VJ/GgvKOauBjgNa7rJVY+x9MS7
        pn/3pfOT0qa68RngV47Yv87Leeih01TSO5zCPBq21hcFQe2QDOGVY0JmUGZOHsqGID0abuw1Cu57SOT5FskOFKgLn95t
        """)
    static let encipherOnlyLeaf = certificate(
        """
        MIIDVDCCAjygAwIBAgICcA0wDQYJKoZIhvcNAQELBQAwZTELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        CzAJBgNVBAsMAkcxMS4wLAYDVQQDDCVQdXJlUmVjZWlwdCBUZXN0IFdXRFIgSW50ZXJtZWRpYXRlIENBMB4XDTI0MDEwMTAwMDAw
        MFoXDTI2MDEwMTAwMDAwMFowQTEeMBwGA1UEAwwVS2V5IEVuY2lwaGVybWVudCBMZWFmMR8wHQYDVQQKDBZQdXJlUmVjZWlwdCBY
        NTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5aO0ayAK7y7zwhW5mFzIsqRqmW6nO97hJIJC/uTOJ6Mz
        jttUNQofAwur8F08oifILWFdpv/v/nLNa4ilvyG30X3TD1as1Ec1uclnP1MtnmHvpYBiKRtA4dH1K1UFVnu+103muW0eKEDzROCA
        +jLp9Gs8RIV2xmzDLTUoFA1RhQDIrChPu8ZOzGfklV7am7ZAEvVnqhpiGmNY7ZGc+214HsnE/7UA21PN8F+3eMnAkUf3yFWm+LDe
        SI/KARuE0G55pqkUmSrfv5MRrQtXXFZfn8Y687fLDJW1eutwxO+K3kp18kTK8KzIB0PEUEjrm4oLoI0ue2hsnaRAiPl2NzyDLQID
        AQABozIwMDAMBgNVHRMBAf8EAjAAMA4GA1UdDwEB/wQEAwIFIDAQBgoqhkiG92NkBgsBBAIFADANBgkqhkiG9w0BAQsFAAOCAQEA
        DC9hXK8n8KLe/gfOhdJoDUafHQQ23+O9K+QXywKmW9jRCQ6bsduasttTivOoUywgyq39cVIm6cg7jLP+vzRqkMJ+i3tSDaakglMT
        +OcXg36QsmwbuAstYQdVcNFzrzFhY8Yi9Ku94aVtrYjWrhFLULotXKy/hxrM5TOUOvcaPkuwihgoCAnVq5Va/Oq6wmM/PLzZqKPK
        4bxdvH8/g2Hc97Kkr/UgsbSZcd+Nhss86ur853EEsUxs2z8GhH89wRx9nKdoliUiCmmJ/Hy9wy7s6BIRDRzKw03amPZGMC3ioxVq
        84gUjT/k8PcfXoOW92yLg8yUaL8L+jsFGtOhQRykmg==
        """)
    static let ecIntermediate = certificate(
        """
        MIICmzCCAYOgAwIBAgICcA4wDQYJKoZIhvcNAQELBQAwfjELMAkGA1UEBhMCVVMxGTAXBgNVBAoMEFB1cmVSZWNlaXB0IFRlc3Qx
        MTAvBgNVBAsMKFB1cmVSZWNlaXB0IFRlc3QgQ2VydGlmaWNhdGlvbiBBdXRob3JpdHkxITAfBgNVBAMMGFB1cmVSZWNlaXB0IFRl
        c3QgUm9vdCBDQTAeFw0yMDAxMDEwMDAwMDBaFw00MDAxMDEwMDAwMDBaMDcxFDASBgNVBAMMC0VDIFAtMjU2IENBMR8wHQYDVQQK
        DBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE9duvLoPfNVxBbZXwAsQLw5vNKLQwyqMa
        aOZ75hdyOAEOIhq8oBFWhLTD4uZCNkMAr48e3i/bRb1Bh54+IP3db6M1MDMwDwYDVR0TAQH/BAUwAwEB/zAOBgNVHQ8BAf8EBAMC
        AQYwEAYKKoZIhvdjZAYCAQQCBQAwDQYJKoZIhvcNAQELBQADggEBAHzBJkh6354J5auFY0z0FACN6T186Ch1NZYLF9o3nKkwh8qn
        PZQ5H4z2ezXGbfOHDUDeFp1Job2bvnLzKK0adcp9QjBWlUfDEtzsivAeckyvxrGiPE2adyN9RTHtqC/cNnlTxd0WjGt3haRzVNOg
        hRPzmMf07hYhkyXEjThaPGtBruZl9SmSVNUeh2ZABVv5VhJ2aP10qKQUtS7hmg/FpHn3ORz/EKgkgb/aOXpqq3di7gv7hiICbrSj
        k1ZhH8E0AE+X7reokeJjyqj9D2hQokFvX+la2myeST76NKwramOelwEHoE5/ennKhQZcVSrPZud8MTJzfwghXVMUgdfLQ4g=
        """)
    static let ecIntermediateLeaf = certificate(
        """
        MIICYDCCAgagAwIBAgICcA8wCgYIKoZIzj0EAwIwNzEUMBIGA1UEAwwLRUMgUC0yNTYgQ0ExHzAdBgNVBAoMFlB1cmVSZWNlaXB0
        IFg1MDkgVGVzdHMwHhcNMjQwMTAxMDAwMDAwWhcNMjYwMTAxMDAwMDAwWjA8MRkwFwYDVQQDDBBMZWFmIFVuZGVyIEVDIENBMR8w
        HQYDVQQKDBZQdXJlUmVjZWlwdCBYNTA5IFRlc3RzMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtOoVws3BDtvupBtT
        VT0AgTJe6L/0w0NPiLW8MiB5QAl1CNATcGnfSkN7lfpnZ+6KQ6+m74kt7zaqRzMWVKu8xQ92nRR1hg+7cvcJit/fklVISghlqDag
        eWu6ow0N/YzFfMYzLNStYy61tPlhpeynwc2X9GPzNEsNB9ilH85zqD+nRGO5CXBPtFi6ucjokOeaQamaCEUfhhA+Q8Jhu202dyTH
        1AGj3JqBOMOM2NXIT7Tl0SFAPgXE/cADpuRMhsjVgpbipf7awvHnP7V3FqNsYc8d1QuA6LGssKsvSAGp5OL4I0J2xA3gUwwDl+C5
        7gp/EpH4nOzL2iVBacPFkrZ7JwIDAQABozIwMDAMBgNVHRMBAf8EAjAAMA4GA1UdDwEB/wQEAwIHgDAQBgoqhkiG92NkBgsBBAIF
        ADAKBggqhkjOPQQDAgNIADBFAiABjnOj0BlDq/6cd71mQV8ryhIAHlh+FxLD5h93gKJ/UwIhALZvHt37XEMEjTAmpIsFiW1hA/+N
        5iyhAGV2xaB743xg
        """)
}
