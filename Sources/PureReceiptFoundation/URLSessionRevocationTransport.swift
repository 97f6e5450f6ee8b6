// URLSessionRevocationTransport: a RevocationTransport on URLSession. OCSP requests are POSTed as
// `application/ocsp-request` (RFC 6960 A.1.1), CRLs fetched with GET; every fetch has a time
// limit (the whole transfer, not only idle time) and a body cap (`Limits.maxOCSPResponseBytes` or
// `Limits.maxCRLBytes`), enforced while the body arrives: a larger body is cancelled, not read.
// No HTTP cache and no cookies (an ephemeral session per fetch).

public import Foundation
public import PureReceipt

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches OCSP responses and CRLs over HTTP with URLSession.
public struct URLSessionRevocationTransport: RevocationTransport {
    /// Most seconds one fetch may take, connection to last byte (default 10).
    public var timeout: TimeInterval

    /// A transport whose fetches give up after `timeout` seconds.
    public init(timeout: TimeInterval = 10) {
        self.timeout = timeout
    }

    /// The body of a 200 response to `request`, or why there is none.
    public func fetch(_ request: RevocationRequest) async -> Result<[UInt8], RevocationFetchFailure> {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return .failure(RevocationFetchFailure(isRetryable: false, reason: "not an http(s) URL")) }
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if request.source == .ocsp {
            urlRequest.httpMethod = "POST"
            urlRequest.setValue("application/ocsp-request", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = Data(request.body)
        }
        let cap = request.source == .ocsp ? Limits.maxOCSPResponseBytes : Limits.maxCRLBytes
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let timeout = self.timeout
        return await withCheckedContinuation { continuation in
            let collector = BodyCollector(cap: cap, timeout: timeout, continuation: continuation)
            let session = URLSession(configuration: configuration, delegate: collector, delegateQueue: nil)
            session.dataTask(with: urlRequest).resume()
            session.finishTasksAndInvalidate()
        }
    }
}

/// Collects one response body up to `cap` bytes and resumes the continuation exactly once.
private final class BodyCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let cap: Int
    private let timeout: TimeInterval
    private var body = Data()
    private var continuation: CheckedContinuation<Result<[UInt8], RevocationFetchFailure>, Never>?

    init(
        cap: Int, timeout: TimeInterval,
        continuation: CheckedContinuation<Result<[UInt8], RevocationFetchFailure>, Never>
    ) {
        self.cap = cap
        self.timeout = timeout
        self.continuation = continuation
    }

    private func finish(_ result: Result<[UInt8], RevocationFetchFailure>) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: result)
    }

    private func fail(_ retryable: Bool, _ reason: String) {
        finish(.failure(RevocationFetchFailure(isRetryable: retryable, reason: reason)))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            // 5xx and 429 may pass; other statuses will not.
            fail(status >= 500 || status == 429, "HTTP \(status)")
            return completionHandler(.cancel)
        }
        guard response.expectedContentLength <= Int64(cap) else {
            fail(false, "body of \(response.expectedContentLength) bytes over the \(cap)-byte limit")
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        body.append(data)
        let over = body.count > cap
        lock.unlock()
        if over {
            fail(false, "body over the \(cap)-byte limit")
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let error else {
            lock.lock()
            let bytes = [UInt8](body)
            lock.unlock()
            return finish(.success(bytes))
        }
        let code = (error as? URLError)?.code
        fail(
            true, code == .timedOut ? "timed out after \(timeout) s" : "transfer failed: \(error.localizedDescription)")
    }
}
