-- wrk script: POSTs the JSON body in $WRK_BODY and prints p50/p95 latency and status counts as JSON.
wrk.method = "POST"
wrk.body = os.getenv("WRK_BODY")
wrk.headers["Content-Type"] = "application/json"

local non2xx = 0
function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  io.write(string.format(
    '{"requests":%d,"seconds":%f,"p50_us":%d,"p95_us":%d,"socket_errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95),
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status))
end
