import Observing
import Testing

private final class Thermostat: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var target = 20
}

private final class Sensor: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var reading = 1
}

private final class Room: Observable, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Observed var sensor: Sensor
  init(sensor: Sensor) { self.sensor = sensor }
}

@Suite("Values as an AsyncSequence")
struct ObservedValuesTests {
  @Test func startsWithTheCurrentValueThenFollowsChanges() async {
    let thermostat = Thermostat()
    let values = thermostat.values(for: \.target)
    thermostat.target = 21
    thermostat.target = 22
    var received: [Int] = []
    for await value in values {
      received.append(value)
      if received.count == 3 { break }
    }
    #expect(received == [20, 21, 22])
    // Leaving the loop ends the observation.
    #expect(thermostat.observationRegistry.count == 0)
  }

  @Test func skipsEqualValuesWhenAsked() async {
    let thermostat = Thermostat()
    let values = thermostat.values(for: \.target, options: .skipsEqualValues)
    thermostat.target = 20
    thermostat.target = 23
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 20)
    #expect(await iterator.next() == 23)
  }

  @Test func finishesWhenTheObjectIsDeallocated() async {
    var thermostat: Thermostat? = Thermostat()
    let values = thermostat!.values(for: \.target)
    thermostat!.target = 25
    thermostat = nil
    var received: [Int] = []
    for await value in values {
      received.append(value)
    }
    #expect(received == [20, 25])
  }

  @Test func aKeyPathThroughAnotherObjectFinishesWhenTheRootIsDeallocated() async {
    let sensor = Sensor()
    var room: Room? = Room(sensor: sensor)
    let values = room!.values(for: \.sensor.reading)
    sensor.reading = 2
    room = nil
    var received: [Int] = []
    for await value in values {
      received.append(value)
    }
    #expect(received == [1, 2])
    #expect(sensor.observationRegistry.count == 0)
  }

  @Test func bufferingNewestKeepsTheLatest() async {
    let thermostat = Thermostat()
    let values = thermostat.values(for: \.target, bufferingPolicy: .bufferingNewest(1))
    for value in 30..<40 { thermostat.target = value }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 39)
  }

  @Test func cancellingTheConsumingTaskEndsTheObservation() async {
    let thermostat = Thermostat()
    let values = thermostat.values(for: \.target)
    let task = Task {
      var count = 0
      for await _ in values { count += 1 }
      return count
    }
    task.cancel()
    _ = await task.value
    #expect(thermostat.observationRegistry.count == 0)
  }
}
